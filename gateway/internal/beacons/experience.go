package beacons

import (
	"errors"
	"slices"
)

// HeartbeatSeconds is how often the player sends a heartbeat while the
// viewer watches: often enough that a closed tab loses little (the last
// one is also sent when the page is hidden), rarely enough that a long
// film adds a few hundred beacons, not thousands.
const HeartbeatSeconds = 10

// Bounds of what one beacon may claim (docs/analytics.md, "Bad input").
const (
	// MaxStartupMS: a start slower than two minutes is not a start a
	// viewer waited for; such a figure (or a negative one) is dropped.
	MaxStartupMS = 120_000
	// MaxHeartbeatMS bounds one heartbeat's watching: six intervals, room
	// for a background tab whose timers the browser slowed to one a minute.
	MaxHeartbeatMS = 6 * HeartbeatSeconds * 1000
	// MaxStallsPerHeartbeat bounds the stalls one heartbeat may count.
	MaxStallsPerHeartbeat = 100
	// MaxRenditions bounds the rendition entries of a heartbeat.
	MaxRenditions = 8
	// MaxHeight is the tallest rendition height kept (8K).
	MaxHeight = 4320
)

// ErrorClasses are the error classes a player reports (docs/analytics.md).
var ErrorClasses = []string{"network", "decode", "manifest", "drm"}

// Experience is the viewing experience a beacon reports; which fields
// count depends on its event (the others are cleared).
type Experience struct {
	// play: from the viewer's intent to the first frame; nil: not measured.
	StartupMS *float64 `json:"startup_ms,omitempty"`
	// heartbeat: since the last heartbeat.
	WatchedMS  float64           `json:"watched_ms,omitempty"`
	Stalls     float64           `json:"stalls,omitempty"`
	StallMS    float64           `json:"stall_ms,omitempty"`
	SeekWaitMS float64           `json:"seek_wait_ms,omitempty"`
	Switches   float64           `json:"switches,omitempty"`
	Renditions []RenditionFigure `json:"renditions,omitempty"`
	// error.
	ErrorClass string `json:"error_class,omitempty"`
	Fatal      bool   `json:"fatal,omitempty"`
	BeforePlay bool   `json:"before_play,omitempty"`
}

// RenditionFigure is a heartbeat's figures for one rendition height.
type RenditionFigure struct {
	Height    float64 `json:"height"`
	WatchedMS float64 `json:"watched_ms"`
	Stalls    float64 `json:"stalls"`
	StallMS   float64 `json:"stall_ms"`
}

// Adjustment says what Clamp changed in a beacon; the edge counts each.
type Adjustment string

// Adjustments Clamp reports.
const (
	// StartupDropped: a negative or over-long startup time was left out;
	// the play itself still counts.
	StartupDropped Adjustment = "startup_out_of_range"
	// HeartbeatClamped: a heartbeat claimed more watching, stalling or
	// renditions than one can hold, and was cut to the bounds.
	HeartbeatClamped Adjustment = "heartbeat_clamped"
)

// ErrUnknownErrorClass drops an error beacon whose class is none of
// ErrorClasses: a newer or a forged player; it would be a bucket nobody
// reads.
var ErrUnknownErrorClass = errors.New("beacons: unknown error class")

// Clamp bounds e for a beacon of event, clears the fields that event does
// not carry, and says what it changed. It never makes a figure larger.
func (e *Experience) Clamp(event string) ([]Adjustment, error) {
	var adjusted []Adjustment
	kept := Experience{}
	switch event {
	case TypePlay:
		if s := e.StartupMS; s != nil {
			if *s >= 0 && *s <= MaxStartupMS {
				kept.StartupMS = s
			} else {
				adjusted = append(adjusted, StartupDropped)
			}
		}
	case TypeHeartbeat:
		kept = *e
		kept.StartupMS, kept.ErrorClass, kept.Fatal, kept.BeforePlay = nil, "", false, false
		if kept.clampHeartbeat() {
			adjusted = append(adjusted, HeartbeatClamped)
		}
	case TypeError:
		if !slices.Contains(ErrorClasses, e.ErrorClass) {
			return nil, ErrUnknownErrorClass
		}
		kept.ErrorClass, kept.Fatal, kept.BeforePlay = e.ErrorClass, e.Fatal, e.BeforePlay && e.Fatal
	}
	*e = kept
	return adjusted, nil
}

// clampHeartbeat bounds a heartbeat's figures: watching within
// MaxHeartbeatMS, stalls within the watching (watch time includes
// rebuffering, so more stall than watch is impossible), each rendition
// within the whole; it reports whether anything changed.
func (e *Experience) clampHeartbeat() bool {
	changed := false
	bound := func(v *float64, limit float64) {
		switch {
		case v == nil:
		case *v != *v || *v < 0: // NaN or negative
			*v, changed = 0, true
		case *v > limit:
			*v, changed = limit, true
		}
	}
	bound(&e.WatchedMS, MaxHeartbeatMS)
	bound(&e.StallMS, e.WatchedMS)
	bound(&e.Stalls, MaxStallsPerHeartbeat)
	bound(&e.SeekWaitMS, MaxHeartbeatMS)
	bound(&e.Switches, MaxStallsPerHeartbeat)
	if len(e.Renditions) > MaxRenditions {
		e.Renditions, changed = e.Renditions[:MaxRenditions], true
	}
	kept := e.Renditions[:0]
	for _, r := range e.Renditions {
		if r.Height < 1 || r.Height > MaxHeight || r.Height != float64(int(r.Height)) {
			changed = true
			continue
		}
		bound(&r.WatchedMS, e.WatchedMS)
		bound(&r.StallMS, r.WatchedMS)
		bound(&r.Stalls, e.Stalls)
		kept = append(kept, r)
	}
	e.Renditions = kept
	return changed
}
