package web

// Track is a caption or subtitle file (WebVTT).
type Track struct {
	Kind     string `json:"kind"` // captions or subtitles
	Label    string `json:"label"`
	Language string `json:"language"` // BCP 47 tag, canonical
	URL      string `json:"url"`
}

// Chapter starts at Start seconds and runs to the next chapter's start.
type Chapter struct {
	Name  string  `json:"name"`
	Start float64 `json:"start"`
}

// Card is a call-to-action shown top-right from At until Until seconds.
type Card struct {
	ID         string `json:"id"`
	Name       string `json:"name"`
	At         int    `json:"at"`
	Until      int    `json:"until"`
	Skip       bool   `json:"skip"`
	TopText    string `json:"top_text"`
	BottomText string `json:"bottom_text"`
	Link       string `json:"link"`
	LinkText   string `json:"link_text"`
	Icon       string `json:"icon"`
}

// Gate covers the video at At seconds (0: before playback) with a form
// whose Fields are among email, first_name, last_name and telephone.
type Gate struct {
	ID           string   `json:"id"`
	Name         string   `json:"name"`
	At           int      `json:"at"`
	Skip         bool     `json:"skip"`
	TopText      string   `json:"top_text"`
	BottomText   string   `json:"bottom_text"`
	CheckboxText string   `json:"checkbox_text"`
	Fields       []string `json:"fields"`
}

// Hotspot is a clickable region in the interface's Set A shape (numeric
// times and opacity) plus Set B's link target. On 360 video it is placed by
// Yaw and Pitch (radians), otherwise by X and Y (percent of the frame).
type Hotspot struct {
	ID    string  `json:"id"`
	Name  string  `json:"name"`
	At    int     `json:"at"`
	Until int     `json:"until"`
	X     float64 `json:"x"`
	Y     float64 `json:"y"`
	Pitch float64 `json:"pitch"`
	Yaw   float64 `json:"yaw"`
	Link  string  `json:"link"`
	// Opacity is 0 for an invisible region, up to 1 for an opaque circle.
	Opacity float64 `json:"opacity"`
	Target  string  `json:"target"` // _blank (default) or _parent
}

// Player carries the Player resource's fields that change playback.
type Player struct {
	ID           string   `json:"id"`
	Analytics    string   `json:"analytics"`
	Autoplay     bool     `json:"autoplay"`
	Muted        bool     `json:"muted"`
	PlaysInline  bool     `json:"playsinline"`
	Preload      bool     `json:"preload"`
	ShowName     bool     `json:"show_name"`
	ShowDuration bool     `json:"show_duration"`
	Controls     []string `json:"controls"`
	Colour       string   `json:"colour"`
	Quality      string   `json:"quality"` // highest, lowest, or "" for adaptive
	Track        string   `json:"track"`   // language shown on load; "" for none
}

// DefaultPlayer is the player an embed without ?player= gets: the
// interface's defaults, where playsinline and preload are true.
func DefaultPlayer() Player {
	return Player{PlaysInline: true, Preload: true}
}
