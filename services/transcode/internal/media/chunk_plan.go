package media

import (
	"math"
	"slices"
	"time"
)

// ChunkConfig shapes chunked transcoding (chunk_run.go): a source longer
// than Threshold is encoded as chunks of about Length each, Parallel of
// them at a time in this process.
type ChunkConfig struct {
	// Threshold: outputs up to this long are one chunk, the one-process
	// ladder as it always was. Chunking a short video buys little and
	// costs a stitch.
	Threshold time.Duration
	// Length is the chunk length aimed at, rounded to whole segments. A
	// few tens of seconds: long enough that each run's start-up (opening
	// the source, seeking, x264's lookahead) is a small share of it, short
	// enough that a five-minute video makes ten chunks to spread.
	Length time.Duration
	// Parallel is how many chunk runs go at once in this process. Each
	// x264 run already uses every core, so 1 unless the machine has more
	// cores than one run keeps busy.
	Parallel int
}

// DefaultChunks splits outputs longer than two minutes into 30 s chunks.
func DefaultChunks() ChunkConfig {
	return ChunkConfig{Threshold: 2 * time.Minute, Length: 30 * time.Second, Parallel: 1}
}

// Chunk is one part of the output, [Start, End), encoded by a run of its
// own. Start is an instant of the ladder's keyframe grid at which a
// one-process run starts a segment, so the chunk's first frame is the
// keyframe that starts segment FirstSegment in a one-process run.
type Chunk struct {
	Index        int
	Start, End   time.Duration
	FirstSegment int // the number, from 1, of its first segment
}

// Length is how long the chunk lasts.
func (c Chunk) Length() time.Duration { return c.End - c.Start }

// planChunks splits an output of length, at rate frames per second (its
// constant output rate: plan.outputRate), into chunks of whole segments
// near cfg.Length each. A chunk starts where a one-process run starts a
// segment (segmentStarts), the first such instant at or after its aim, so
// the chunks' segments are the one-process run's, numbered as they are;
// the last chunk takes what is left, and a remainder under half a chunk
// joins the one before rather than costing a run of its own. An output no
// longer than cfg.Threshold is one chunk.
func planChunks(length time.Duration, rate float64, cfg ChunkConfig) []Chunk {
	chunks := []Chunk{{Index: 0, Start: 0, End: length, FirstSegment: 1}}
	if length <= cfg.Threshold || length <= 0 {
		return chunks
	}
	grid := segmentSeconds * time.Second
	step := max(1, (cfg.Length+grid/2)/grid) * grid
	starts := segmentStarts(length, rate)
	for aim := step; ; {
		next, _ := slices.BinarySearch(starts, aim)
		if next == len(starts) || length-starts[next] < step/2 {
			return chunks
		}
		chunks[len(chunks)-1].End = starts[next]
		chunks = append(chunks, Chunk{Index: len(chunks), Start: starts[next], End: length, FirstSegment: next + 1})
		aim = starts[next] + step
	}
}

// segmentStarts are the instants of the keyframe grid at which a
// one-process run's DASH muxer starts a segment, in order: segment i+1
// starts at the i-th. The forced keyframe of grid instant g is the first
// frame at or after g (keyframeExpr), on a tick of 1/rate; the muxer cuts
// at a keyframe only once the segment has lasted segmentSeconds. So where
// the rate does not divide the grid, two keyframes 59 frames apart (1.968
// s at 29.97 fps, every 33 s or so) share a segment, and the grid instant
// between them starts none. The chunks reproduce that exactly: their runs
// have the same keyframes, and each starts on a segment's first.
func segmentStarts(length time.Duration, rate float64) []time.Duration {
	starts := []time.Duration{0}
	var current float64 // the tick of the current segment's keyframe
	for at := segmentSeconds * time.Second; at < length; at += segmentSeconds * time.Second {
		tick := math.Ceil(at.Seconds()*rate - 1e-6)
		if tick-current >= segmentSeconds*rate-1e-6 {
			starts = append(starts, at)
			current = tick
		}
	}
	return starts
}
