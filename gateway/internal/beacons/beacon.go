package beacons

import (
	"encoding/json"
	"errors"
	"math"
	"regexp"

	"github.com/vidhost/vidhost/pkg/ids"
)

// MaxBody bounds a beacon; the player's are about 450 bytes, ticket
// included.
const MaxBody = 2 << 10

// Event types a player sends.
const (
	// TypePlay is sent once per page load when playback starts; the views
	// metric counts these (after the replay rule).
	TypePlay = "play"
	// TypeView is sent once a few seconds have been watched.
	TypeView = "view"
	// TypeHeartbeat carries the viewing experience since the last one:
	// every HeartbeatSeconds of watching, and a last one when the page is
	// hidden (experience.go).
	TypeHeartbeat = "heartbeat"
	// TypeError reports a playback error and its class.
	TypeError = "error"
)

// Beacon is the JSON body the player sends to /collect.
type Beacon struct {
	Event    string  `json:"event"`
	VideoID  string  `json:"video_id"`
	PlayerID string  `json:"player_id"`
	ViewerID string  `json:"viewer_id"`
	Position float64 `json:"position"`
	// Ticket is the view ticket of the page that loaded the player
	// (ticket.go); the event's account, Player and domain come from it.
	Ticket string `json:"ticket"`
	Experience
}

// viewerIDPattern is what the player generates (a UUID, or 21 id characters
// in older bundles); anything else is dropped to "".
var viewerIDPattern = regexp.MustCompile(`^[A-Za-z0-9_-]{16,40}$`)

// ErrInvalid is why a beacon is dropped as malformed.
var ErrInvalid = errors.New("beacons: malformed beacon")

// Parse decodes and checks a beacon body. An unusable viewer id is cleared
// (the event still counts, without the replay rule), everything else that
// is wrong is ErrInvalid.
func Parse(body []byte) (Beacon, error) {
	var b Beacon
	if err := json.Unmarshal(body, &b); err != nil {
		return Beacon{}, ErrInvalid
	}
	switch b.Event {
	case TypePlay, TypeView, TypeHeartbeat, TypeError:
	default:
		return Beacon{}, ErrInvalid
	}
	if !ids.Valid(b.VideoID) || (b.PlayerID != "" && !ids.Valid(b.PlayerID)) {
		return Beacon{}, ErrInvalid
	}
	if math.IsNaN(b.Position) || b.Position < 0 || b.Position > 1e7 {
		b.Position = 0
	}
	if !viewerIDPattern.MatchString(b.ViewerID) {
		b.ViewerID = ""
	}
	return b, nil
}
