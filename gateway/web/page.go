package web

// Mode tells which page RenderPlayer draws.
type Mode string

const (
	// ModeWatch is the landing page /watch/{video_id}: the player in a
	// centred frame with the video's name and description below it.
	ModeWatch Mode = "watch"
	// ModeEmbed is /embed/{video_id}: the player filling its iframe.
	ModeEmbed Mode = "embed"
)

// PlayerPage is everything a watch or embed page shows.
type PlayerPage struct {
	Mode Mode
	// Description is shown under the player on the watch page only.
	Description string
	// Config goes to the player as JSON; its field names are the REST
	// interface's, and the bundle's src/config.ts mirrors them.
	Config PlayerConfig
	// Share, when set, adds the oEmbed discovery link and the Open Graph
	// and Twitter player tags. Set it for public and unlisted videos only:
	// the tags describe the video to any crawler that reads the page.
	Share *ShareTags
}

// ShareTags are the absolute URLs and sizes link previews need.
type ShareTags struct {
	Title     string
	WatchURL  string
	EmbedURL  string
	OEmbedURL string
	// ImageURL is the thumbnail; empty when the video has none.
	ImageURL      string
	Width, Height int
}

// PlayerConfig is the JSON the player bundle reads from the page.
type PlayerConfig struct {
	Video  VideoConfig `json:"video"`
	Player Player      `json:"player"`
	// LeadURL receives gate submissions as POST {gate_id, fields, checkbox}.
	LeadURL string `json:"lead_url"`
	// CollectURL receives view events as POST {event, video_id, player_id,
	// viewer_id, position, ticket}; not used when Player.Analytics is "none".
	CollectURL string `json:"collect_url"`
	// ViewTicket is the signed ticket of this page load that every view
	// event carries (docs/analytics.md); empty when no views are counted
	// (Player.Analytics "none"), and then the player sends none.
	ViewTicket string `json:"view_ticket,omitempty"`
}

// VideoConfig is what the player needs of a Video. Every URL must be one
// the viewer may fetch (signed where the video is private).
type VideoConfig struct {
	ID         string    `json:"id"`
	Name       string    `json:"name"`
	Duration   float64   `json:"duration"`
	Sources    Sources   `json:"sources"`
	Poster     string    `json:"poster"`
	SpriteVTT  string    `json:"sprite_vtt"`
	Tracks     []Track   `json:"tracks"`
	Chapters   []Chapter `json:"chapters"`
	Cards      []Card    `json:"cards"`
	Gates      []Gate    `json:"gates"`
	Hotspots   []Hotspot `json:"hotspots"`
	Spherical  bool      `json:"spherical"`
	Projection string    `json:"projection"`
	// Width and Height are the video's frame (its highest rendition), 0
	// when not known yet: the watch page takes the video's shape from
	// them before the media loads (player/src/aspect.ts).
	Width  int `json:"width"`
	Height int `json:"height"`
	// Privacy decides whom the embed API talks to (player/src/embedding.ts).
	Privacy string `json:"privacy"`
}

// Sources are the video's outputs by kind; empty ones are skipped. The
// player tries HLS, then DASH, then the MP4.
type Sources struct {
	HLS  string `json:"hls,omitempty"`
	DASH string `json:"dash,omitempty"`
	MP4  string `json:"mp4,omitempty"`
}
