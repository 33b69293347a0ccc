package vidhost

// Output is one generated file of a video: an HLS or DASH manifest or an MP4.
type Output struct {
	Label string `json:"label"`
	URL   string `json:"url"`
}

// Track is a caption or subtitle track of a video.
type Track struct {
	ID       string `json:"id"`
	Kind     string `json:"kind"`
	Label    string `json:"label"`
	Language string `json:"language"`
	URL      string `json:"url"`
}

// Audit is the four fields every stored resource carries.
type Audit struct {
	CreatedBy   string `json:"created_by,omitempty"`
	CreatedTime string `json:"created_time,omitempty"`
	UpdatedBy   string `json:"updated_by,omitempty"`
	UpdatedTime string `json:"updated_time,omitempty"`
}

// Video is a video of the account (docs/videos.md). Cards, gates, hotspots
// and chapters are left out: fetch them as json.RawMessage through a
// Collection of your own type if you need them.
type Video struct {
	ID          string   `json:"id"`
	Type        string   `json:"type"`
	Name        string   `json:"name"`
	Description string   `json:"description"`
	Input       string   `json:"input,omitempty"`
	Outputs     []Output `json:"outputs"`
	Thumbnail   string   `json:"thumbnail"`
	Sprite      string   `json:"sprite"`
	Duration    float64  `json:"duration"`
	// Width and Height are the source's frame as displayed (rotation
	// applied) and AspectRatio its shape in lowest terms ("9:16"); zero
	// and "" until the video is transcoded.
	Width        int      `json:"width,omitempty"`
	Height       int      `json:"height,omitempty"`
	AspectRatio  string   `json:"aspect_ratio,omitempty"`
	Privacy      string   `json:"privacy"`
	Tracks       []Track  `json:"tracks"`
	Categories   []string `json:"categories"`
	Enabled      bool     `json:"enabled"`
	Spherical    bool     `json:"spherical"`
	Projection   string   `json:"projection"`
	Progress     int      `json:"progress"`
	Status       string   `json:"status"`
	StatusReason string   `json:"status_reason,omitempty"`
	Tags         []string `json:"tags"`
	Audit
}

// Video statuses.
const (
	StatusPreparing  = "preparing"
	StatusProcessing = "processing"
	StatusReady      = "ready"
	StatusError      = "error"
	// StatusLive is a live event's while its publisher streams (docs/live.md).
	StatusLive = "live"
)

// Video types: a video on demand, or a live event (docs/live.md).
const (
	TypeVOD   = "vod"
	TypeEvent = "event"
)

// VideoCreate is the body of POST /v2/videos.
type VideoCreate struct {
	Name string `json:"name"`
	// Input is an upload reference (Upload.Reference) or a source URL.
	Input       string   `json:"input,omitempty"`
	Description string   `json:"description,omitempty"`
	Privacy     string   `json:"privacy,omitempty"`
	Tags        []string `json:"tags,omitempty"`
	Type        string   `json:"type,omitempty"`
}

// VideoUpdate is the body of PATCH /v2/videos/{id}: only set fields are sent.
type VideoUpdate struct {
	Name        *string   `json:"name,omitempty"`
	Description *string   `json:"description,omitempty"`
	Privacy     *string   `json:"privacy,omitempty"`
	Enabled     *bool     `json:"enabled,omitempty"`
	Tags        *[]string `json:"tags,omitempty"`
}

// Player is a player configuration (docs/players.md).
type Player struct {
	ID           string   `json:"id"`
	Name         string   `json:"name"`
	Analytics    string   `json:"analytics"`
	Autoplay     bool     `json:"autoplay"`
	Muted        bool     `json:"muted"`
	Playsinline  bool     `json:"playsinline"`
	Preload      bool     `json:"preload"`
	ShowName     bool     `json:"show_name"`
	ShowDuration bool     `json:"show_duration"`
	Controls     []string `json:"controls"`
	Colour       string   `json:"colour"`
	Quality      string   `json:"quality"`
	Track        string   `json:"track"`
	Audit
}

// APIKey is an API key; Value is set only in the answer to its creation.
type APIKey struct {
	ID          string   `json:"id"`
	Name        string   `json:"name"`
	Type        string   `json:"type"`
	Permissions []string `json:"permissions"`
	IPs         []string `json:"ips"`
	// Role is the key's ceiling: it acts with at most this role, and with
	// at most its person's current role (docs/roles.md).
	Role  string `json:"role"`
	Value string `json:"value,omitempty"`
	Audit
}

// KeyCreate is the body of POST /v2/keys. Permissions nil or empty is
// read-write; []string{"fetch"} is read-only. Role empty gives the
// creator's own role; more than it is refused.
type KeyCreate struct {
	Name        string   `json:"name"`
	Type        string   `json:"type"`
	Permissions []string `json:"permissions"`
	IPs         []string `json:"ips"`
	Role        string   `json:"role,omitempty"`
}

// JWTKey is a registered public key that verifies viewer JWTs; its ID is
// the kid of the JWTs it verifies.
type JWTKey struct {
	ID        string `json:"id"`
	Name      string `json:"name"`
	PublicKey string `json:"public_key"`
	Audit
}

// Upload is an uploaded (or uploading) file. Reference is what a video's
// input names.
type Upload struct {
	ID   string  `json:"id"`
	Name string  `json:"name"`
	Size float64 `json:"size"`
	Key  string  `json:"key"`
	URL  string  `json:"url,omitempty"`
	Audit
}

// Reference is the upload's reference, svc://uploads/<id>.
func (u Upload) Reference() string { return "svc://uploads/" + u.ID }
