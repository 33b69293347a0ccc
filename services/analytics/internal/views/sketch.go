package views

import (
	"fmt"

	"github.com/DataDog/sketches-go/ddsketch"
	"github.com/DataDog/sketches-go/ddsketch/mapping"
	"github.com/DataDog/sketches-go/ddsketch/store"
)

// SketchAccuracy is the startup sketches' relative accuracy: a percentile
// read from one is within 1% of the true value at that rank (DDSketch's
// guarantee), well inside what a viewer tells apart.
const SketchAccuracy = 0.01

// sketchMapping is every startup sketch's index mapping. It is the same for
// all, so it is left out of the stored bytes (a sketch of one start is 7
// bytes, of thousands a few hundred), and any two sketches merge.
var sketchMapping = mustMapping()

func mustMapping() mapping.IndexMapping {
	m, err := mapping.NewLogarithmicMapping(SketchAccuracy)
	if err != nil {
		panic(err) // a constant accuracy in (0, 1): cannot fail
	}
	return m
}

// StartupSketch is a DDSketch (github.com/DataDog/sketches-go) of startup
// times in milliseconds: mergeable, so each roll-up row keeps one and a
// report merges the rows it reads.
type StartupSketch struct{ sketch *ddsketch.DDSketch }

// NewStartupSketch returns an empty sketch.
func NewStartupSketch() StartupSketch {
	return StartupSketch{ddsketch.NewDDSketchFromStoreProvider(sketchMapping, store.DefaultProvider)}
}

// Add adds one startup time.
func (s StartupSketch) Add(ms float64) {
	_ = s.sketch.Add(ms) // only NaN and values past the mapping's range fail; starts are clamped to 2 minutes
}

// Merge adds an encoded sketch (Encode's bytes) to s; nil adds nothing.
func (s StartupSketch) Merge(encoded []byte) error {
	if len(encoded) == 0 {
		return nil
	}
	if err := s.sketch.DecodeAndMergeWith(encoded); err != nil {
		return fmt.Errorf("views: startup sketch: %w", err)
	}
	return nil
}

// Encode is s's compact encoding, without the (fixed) mapping.
func (s StartupSketch) Encode() []byte {
	var out []byte
	s.sketch.Encode(&out, true)
	return out
}

// Count is how many startup times s holds.
func (s StartupSketch) Count() float64 { return s.sketch.GetCount() }

// Quantile is the startup time at q (0-1) in milliseconds; ok is false
// when s is empty.
func (s StartupSketch) Quantile(q float64) (ms float64, ok bool) {
	if s.sketch.IsEmpty() {
		return 0, false
	}
	v, err := s.sketch.GetValueAtQuantile(q)
	return v, err == nil
}
