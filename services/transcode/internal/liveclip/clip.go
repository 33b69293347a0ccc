package liveclip

import (
	"errors"
	"fmt"
	"math"
	"path"
	"strings"
	"time"

	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/pkg/ids"
)

// Clip is the part of a live event's HLS that makes a clip.
type Clip struct {
	// EventVideoID is the event, of the job's account.
	EventVideoID string
	// MasterPlaylist is the event's master playlist, relative to its media
	// folder: "live/master.m3u8". The clip's master is a copy of it.
	MasterPlaylist string
	// Variants are every variant the master names, the highest first.
	Variants []Variant
}

// Variant is one variant's part of a clip.
type Variant struct {
	// Playlist is the variant's media playlist as the master names it,
	// relative to the master's folder: "source/index.m3u8".
	Playlist string
	// Init is its init segment, in the playlist's folder.
	Init string
	// Segments are its media segments in order, in the playlist's folder.
	Segments []Segment
}

// Segment is a media segment and its length.
type Segment struct {
	Name     string
	Duration float64 // seconds, as EXTINF says
}

// Limits of a clip a worker runs: the catalog never sends more than two
// minutes widened to whole segments, so these bound only a forged or
// broken message.
const (
	maxVariants = 8
	maxSegments = 256
	maxLength   = 4 * time.Minute
)

// ErrSegmentsGone is a clip whose event no longer holds a segment it
// names: the event was deleted since the clip was asked for.
var ErrSegmentsGone = errors.New("the live event's segments are gone: was the event deleted?")

// Validate checks what the worker relies on: an event id and paths that
// make keys inside the event's and the clip's folders, and a bounded clip.
func (c Clip) Validate() error {
	switch {
	case !ids.Valid(c.EventVideoID):
		return errors.New("live clip names no valid event")
	case !validPlaylistPath(c.MasterPlaylist):
		return errors.New("live clip's master playlist is not a playlist path")
	case len(c.Variants) == 0 || len(c.Variants) > maxVariants:
		return fmt.Errorf("live clip must have 1-%d variants", maxVariants)
	}
	for _, v := range c.Variants {
		if err := v.validate(); err != nil {
			return err
		}
	}
	return nil
}

func (v Variant) validate() error {
	switch {
	case !validPlaylistPath(v.Playlist):
		return fmt.Errorf("live clip's variant playlist %q is not a playlist path", v.Playlist)
	case blob.ValidateID(v.Init) != nil:
		return fmt.Errorf("live clip's init segment %q is not a file name", v.Init)
	case len(v.Segments) == 0 || len(v.Segments) > maxSegments:
		return fmt.Errorf("live clip's variant %s must have 1-%d segments", v.Playlist, maxSegments)
	}
	var total float64
	for _, s := range v.Segments {
		if blob.ValidateID(s.Name) != nil || !(s.Duration > 0) || math.IsInf(s.Duration, 0) {
			return fmt.Errorf("live clip's segment %q of %s is not a named segment with a length", s.Name, v.Playlist)
		}
		total += s.Duration
	}
	if total > maxLength.Seconds() {
		return fmt.Errorf("live clip's variant %s lasts %.0f s, more than %s", v.Playlist, total, maxLength)
	}
	return nil
}

// Length is how long the first variant lasts: the clip's planned length.
func (c Clip) Length() time.Duration {
	var total float64
	for _, s := range c.Variants[0].Segments {
		total += s.Duration
	}
	return time.Duration(total * float64(time.Second))
}

// validPlaylistPath accepts a relative .m3u8 path of at most two key
// segments ("live/master.m3u8", "source/index.m3u8"), none of them "." or
// "..": joined to a media folder it stays inside it.
func validPlaylistPath(p string) bool {
	parts := strings.Split(p, "/")
	if len(parts) > 2 || path.Ext(p) != ".m3u8" {
		return false
	}
	for _, part := range parts {
		if blob.ValidateID(part) != nil {
			return false
		}
	}
	return true
}
