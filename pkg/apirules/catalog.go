package apirules

import "github.com/vidhost/vidhost/pkg/profiles"

// Limits of the catalog's resources, in characters unless said otherwise.
const (
	VideoNameMax        = 100
	VideoDescriptionMax = 5000
	// VideoMetadataMax bounds the passthrough metadata in bytes.
	VideoMetadataMax   = 4096
	VideoInputMax      = 2048
	TagsMax            = 10
	TagMax             = 50
	VideoCategoriesMax = 25
	PlayerNameMax      = 50
	FolderNameMax      = 100
	CategoryNameMax    = 40
	CategoryValueMax   = 40
	ChapterNameMax     = 100
	// ColourPattern is a hex colour, #rrggbb, or empty for the default.
	ColourPattern = `^(#[0-9a-fA-F]{6})?$`
	// PlayerControlNone hides every control; it is valid only on its own.
	PlayerControlNone = "none"
	// ClipMaxSeconds is the longest clip, of a source URL or of a live
	// event (the interface's two minutes).
	ClipMaxSeconds = 120
	// ClipSecondsMax bounds an instant clip's times: whole seconds of a
	// stream, which an int32 holds.
	ClipSecondsMax = 1<<31 - 1
)

// Allowed values of the catalog's enumerated fields.
var (
	VideoTypes       = []string{"vod", "event"}
	VideoPrivacies   = []string{"public", "private", "unlisted"}
	VideoProjections = []string{"", "equirectangular"}
	// VideoTranscoders are the transcoding profiles a create may name
	// (pkg/profiles); empty takes the account's plan's default. Only a
	// create sends it: a PATCH refuses it, since the video would have to
	// be transcoded again.
	VideoTranscoders = OrEmpty(profiles.Strings())
	PlayerAnalytics  = []string{"", "none"}
	PlayerQualities  = []string{"", "highest", "lowest"}
	// PlayerControls are the controls a player may list, in the order of
	// the control bar; PlayerControlNone, alone, hides them all.
	PlayerControls = []string{
		"play", "progress", "current-time", "duration", "mute", "volume",
		"captions", "settings", "pip", "airplay", "chapters", "fullscreen",
	}
	videoFieldsShared = map[string]Rule{
		"type":        {Enum: VideoTypes},
		"name":        {MinLength: 1, MaxLength: VideoNameMax},
		"description": {MaxLength: VideoDescriptionMax},
		"metadata":    {MaxBytes: VideoMetadataMax},
		"privacy":     {Enum: VideoPrivacies},
		"projection":  {Enum: VideoProjections},
		"tags":        {MaxItems: TagsMax, ItemMaxLength: TagMax, ItemPattern: TagPattern, UniqueItems: true},
		"categories":  {MaxItems: VideoCategoriesMax, ItemMaxLength: CategoryValueMax, UniqueItems: true},
		"input":       {MaxLength: VideoInputMax},
	}
	playerFields = map[string]Rule{
		"name":      {MinLength: 1, MaxLength: PlayerNameMax},
		"analytics": {Enum: PlayerAnalytics},
		"quality":   {Enum: PlayerQualities},
		"colour":    {Pattern: ColourPattern},
		"controls": {MaxItems: len(PlayerControls), UniqueItems: true,
			ItemEnum: append([]string{PlayerControlNone}, PlayerControls...)},
	}
	// clipFields are an instant clip's (CreateClipRequest): times in whole
	// seconds from the start of the event's stream.
	clipFields = map[string]Rule{
		"start_seconds": {Minimum: 0, HasMinimum: true, Maximum: ClipSecondsMax, HasMaximum: true, Integer: true},
		"end_seconds":   {Minimum: 1, HasMinimum: true, Maximum: ClipSecondsMax, HasMaximum: true, Integer: true},
		"name":          {MaxLength: VideoNameMax},
	}
	folderFields   = map[string]Rule{"name": {MinLength: 1, MaxLength: FolderNameMax}}
	categoryFields = map[string]Rule{
		"name":  {MinLength: 1, MaxLength: CategoryNameMax},
		"value": {MinLength: 1, MaxLength: CategoryValueMax},
	}
	chapterFields = map[string]Rule{
		"name":  {MinLength: 1, MaxLength: ChapterNameMax},
		"start": {Pattern: TimecodePattern},
	}
)

// transcoderText is each profile's sentence (pkg/profiles), for the
// OpenAPI description of a create's transcoder.
func transcoderText() map[string]string {
	text := map[string]string{}
	for _, p := range profiles.All() {
		text[string(p.Name)] = p.Description
	}
	return text
}
