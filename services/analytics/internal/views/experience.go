package views

// Experience is what an event says of the viewing experience
// (docs/analytics.md, "Viewer experience"); which fields are set depends on
// the event's type, and the edge has clamped every figure.
type Experience struct {
	// play: milliseconds from the viewer's intent to the first frame,
	// when HasStartup.
	StartupMS  int32
	HasStartup bool
	// heartbeat: since the previous heartbeat of the page.
	WatchedMS, StallCount, StallMS, SeekWaitMS, Switches int32
	Renditions                                           []Rendition
	// error: its class; whether playback stopped; whether that was before
	// the first frame (a failed start).
	ErrorClass        string
	Fatal, BeforePlay bool
}

// Rendition is a heartbeat's figures for one rendition height.
type Rendition struct {
	Height, WatchedMS, StallCount, StallMS int32
}
