package catalog

// PlayerInput is a create request: a nil field was not sent and takes its
// default from DefaultPlayer.
type PlayerInput struct {
	Name         string
	Analytics    *string
	Autoplay     *bool
	Muted        *bool
	Playsinline  *bool
	Preload      *bool
	ShowName     *bool
	ShowDuration *bool
	Controls     []string // absent and empty mean the same: the default set
	Colour       *string
	Quality      *string
	Track        *string
}

// Player returns the player the input describes, defaults filled in. It is
// not validated yet.
func (in PlayerInput) Player() Player {
	p := DefaultPlayer()
	p.Name = in.Name
	p.Controls = in.Controls
	setIfSent(&p.Analytics, in.Analytics)
	setIfSent(&p.Autoplay, in.Autoplay)
	setIfSent(&p.Muted, in.Muted)
	setIfSent(&p.Playsinline, in.Playsinline)
	setIfSent(&p.Preload, in.Preload)
	setIfSent(&p.ShowName, in.ShowName)
	setIfSent(&p.ShowDuration, in.ShowDuration)
	setIfSent(&p.Colour, in.Colour)
	setIfSent(&p.Quality, in.Quality)
	setIfSent(&p.Track, in.Track)
	return p.normalize()
}

func setIfSent[T any](dst *T, sent *T) {
	if sent != nil {
		*dst = *sent
	}
}
