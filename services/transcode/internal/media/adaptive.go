package media

import (
	"math"
	"slices"
	"time"
)

// Analysis is what the probe encode of a few samples learnt of a source
// (see analysis.go), and the decision taken from it.
type Analysis struct {
	Frames       int     // frames the probe encode received
	Expected     int     // frames the samples hold at the source's frame rate
	BitsPerPixel float64 // of the probe encode at analysisCRF: the source's complexity
	// Gains[i] is how much rendition i's picture is better than rendition
	// i+1's scaled up to it, as 1 - score of the metric, on the source
	// itself (no encoding): what the bigger picture can add at best.
	Gains []float64
	// Fallback says why the fixed caps were kept ("" when the analysis
	// decided the ladder).
	Fallback string
	Dropped  int           // top rungs left out because they add nothing visible
	NoAV1    string        // why a job that asked for AV1 twins got none ("" otherwise)
	Step     string        // the complexity step the source fell in, e.g. "simple"
	Took     time.Duration // the analysis's run, beside the thumbnail's: at most what it delays the first segment by
}

// complexityStep is one row of the decision table: sources whose probe
// encode takes fewer bits per pixel than below get the CRF and the fraction
// of the fixed ladder's caps of the row. The table was calibrated with
// bench/quality (see docs/transcoding.md, "The ladder decision"): the CRF
// keeps each rung's SSIM within the bench's 0.005 of the fixed ladder, and
// the caps bound the busy scenes of an otherwise easy source. Busy sources
// (grain) hit the caps whatever the CRF: below the fixed ladder's average
// they save bytes where SSIM barely moves (the fixed ladder spends its full
// average on them), and since capped CRF runs at the cap, a busy cap of
// 0.7 keeps such a source under the fixed ladder's bytes. The AV1 twins'
// rate was calibrated the same way (docs/transcoding.md, "AV1 rungs"):
// none on static pictures, where x264 is already smaller; a lower CRF under
// a tighter cap on grain, whose extra bits buy no SSIM.
type complexityStep struct {
	name  string
	below float64
	crf   int
	caps  float64
	av1   av1Rate // the AV1 twins' (av1.go)
}

var complexityTable = []complexityStep{
	{name: "static", below: 0.02, crf: 21, caps: 0.5, av1: av1NotForStatic},               // slides: 0.008
	{name: "simple", below: 0.1, crf: 22, caps: 0.7, av1: av1Rate{crf: 34, share: 80}},    // screen recordings, flat animation
	{name: "moderate", below: 0.25, crf: 23, caps: 0.8, av1: av1Rate{crf: 34, share: 80}}, // testsrc2's busy shapes: 0.21
	{name: "busy", below: 1, crf: 23, caps: 0.7, av1: av1Rate{crf: 30, share: 50}},        // grain: 0.32; the caps, not the CRF, decide
}

// dropMargin is the least a top rung must add over the one below, as 1 -
// SSIM of the one below scaled up to it, to be encoded. Slides of text
// gain about 0.003 from 1080p over 720p scaled up, and keep their 1080p;
// blurred or flat pictures gain under 0.001.
const dropMargin = 0.002

// decideLadder turns the fixed ladder fitted to a source into the adaptive
// one: capped CRF at caps never above the fixed ones, and without the top
// rungs whose extra pixels hold nothing the one below lacks; with the rate
// of its AV1 twins. An analysis it cannot trust gives fixedCaps and
// av1Fixed.
func decideLadder(renditions []Rendition, a *Analysis) ([]Rendition, av1Rate) {
	if reason := a.unsure(len(renditions)); reason != "" {
		a.Fallback = reason
		if reason == beyondTheTable {
			return fixedCaps(renditions), av1NotForNoise
		}
		return fixedCaps(renditions), av1Fixed
	}
	step := complexityTable[slices.IndexFunc(complexityTable, func(s complexityStep) bool { return a.BitsPerPixel < s.below })]
	a.Step = step.name
	out := make([]Rendition, 0, len(renditions))
	for _, r := range renditions {
		r.CRF = step.crf
		r.VideoBitrate = scaled(r.VideoBitrate, step.caps)
		r.MaxRate = scaled(r.MaxRate, step.caps)
		r.BufSize = scaled(r.BufSize, step.caps)
		out = append(out, r)
	}
	a.Dropped = droppable(a.Gains)
	return out[a.Dropped:], step.av1
}

// beyondTheTable is the fallback of sources busier than complexityTable's
// last step: pure noise, or something close to it.
const beyondTheTable = "busier than the table knows (noise)"

// unsure names what makes the analysis untrustworthy, or "".
func (a *Analysis) unsure(renditions int) string {
	switch {
	case a.Fallback != "":
		return a.Fallback
	case a.Frames < max(1, a.Expected/2):
		return "the samples held too few frames (a still, or sparse variable frame rate)"
	case math.IsNaN(a.BitsPerPixel) || a.BitsPerPixel <= 0:
		return "the probe encode measured nothing"
	case a.BitsPerPixel >= complexityTable[len(complexityTable)-1].below:
		return beyondTheTable
	case len(a.Gains) != renditions-1:
		return "the metric did not score every rung"
	}
	return ""
}

// droppable counts the top rungs to leave out: while the rungs from the
// top down to rung i together add less than dropMargin over rung i+1, the
// viewer loses nothing by getting rung i+1 scaled up. The lowest rung stays.
func droppable(gains []float64) int {
	total, n := 0.0, 0
	for _, gain := range gains {
		total += gain
		if math.IsNaN(gain) || total >= dropMargin {
			break
		}
		n++
	}
	return n
}

// fixedCaps is the fallback: the fixed ladder as it is, average bitrates
// and caps. Not capped CRF at the same caps: on a source that needs more
// than the caps (noise), CRF would run at the peak rate all along and spend
// more than the fixed ladder's average.
func fixedCaps(renditions []Rendition) []Rendition {
	return slices.Clone(renditions)
}

// scaled is value times fraction, rounded, never more than value.
func scaled(value int, fraction float64) int {
	return min(value, int(math.Round(float64(value)*fraction)))
}
