package media

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/golden"
)

// ntscPlan is ten minutes of 1080p at 29.97 fps with audio: its chunks
// start a fraction of a frame after their grid instants.
func ntscPlan(t *testing.T) plan {
	info := Info{
		Duration: 10 * time.Minute,
		Video:    &VideoStream{Index: 0, Width: 1920, Height: 1080, FrameRate: ntsc, RealFrameRate: ntsc},
		Audio:    &AudioStream{Index: 1, Channels: 2},
	}
	p, err := newPlan(info, Job{Source: "/work/in/source.mp4", OutDir: "/work/out", Chunked: true}, DefaultLadder())
	require.NoError(t, err)
	return p
}

// TestGoldenChunkArgs pins a chunk's runs (a middle chunk, in both codecs)
// and an audio run of a chunked job (its second bitrate of three).
func TestGoldenChunkArgs(t *testing.T) {
	p := withAV1(ntscPlan(t))
	chunks := planChunks(p.length, p.outputRate(), DefaultChunks())
	require.Len(t, chunks, 20)
	middle := p.forChunk(chunks[1], "/work/out/chunks/1")
	golden.Args(t, "chunk_ladder_1080p", ladderArgs(middle))
	golden.Args(t, "chunk_av1_1080p", av1LadderArgs(middle))
	require.Len(t, p.audioBitrates, 3)
	golden.Args(t, "audio_run_1080p", audioRunArgs(p.forAudio("/work/out/"+audioRunDir(1), 1)))
}

// TestGoldenRangedChunkArgs pins a chunk's run that reads its MP4 source
// by range from the worker's source server; a Matroska source differs in
// its demuxer only, and the audio run reads the same way.
func TestGoldenRangedChunkArgs(t *testing.T) {
	p := ntscPlan(t)
	p.source, p.format = "http://127.0.0.1:40000/token", "mov,mp4,m4a,3gp,3g2,mj2"
	chunks := planChunks(p.length, p.outputRate(), DefaultChunks())
	middle := p.forChunk(chunks[1], "/work/out/chunks/1")
	golden.Args(t, "chunk_ladder_1080p_ranged", ladderArgs(middle))
	audio := audioRunArgs(p.forAudio("/work/out/"+audioRunDir(0), 0))
	assert.Equal(t, "http,tcp", audio[slices.Index(audio, "-protocol_whitelist")+1], "the audio run reads by range too")
	assert.Equal(t, "mov", audio[slices.Index(audio, "-f")+1])
	assert.Equal(t, p.source, audio[slices.Index(audio, "-i")+1])

	p.format = "matroska,webm"
	input := inputArgs(p.forChunk(chunks[1], "/work/out/chunks/1"))
	assert.Equal(t, "matroska", input[slices.Index(input, "-f")+1])
	assert.NotContains(t, input, "-enable_drefs", "a mov option")
}

// A chunk's run is the ladder's with the same renditions at the same
// rates: only the part of the source, the keyframe grid's lead, and the
// outputs (segments only) differ.
func TestChunkRunsEncodeAsTheLadder(t *testing.T) {
	p := ntscPlan(t)
	chunks := planChunks(p.length, p.outputRate(), DefaultChunks())
	for _, c := range []Chunk{chunks[0], chunks[1], chunks[len(chunks)-1]} {
		cp := p.forChunk(c, "/work/out/chunks/n")
		whole, chunk := videoArgs(p), videoArgs(cp)
		at := slices.Index(whole, "-force_key_frames:v") + 1
		assert.Equal(t, slices.Delete(slices.Clone(whole), at, at+1), slices.Delete(slices.Clone(chunk), at, at+1), "chunk %d", c.Index)
		assert.Nil(t, audioArgs(cp), "chunk %d is video only", c.Index)
		assert.Equal(t, c.End < p.length, strings.Contains(scaledGraph(cp, len(cp.renditions)), "trim=end="), "chunk %d: the last one reads to the end", c.Index)
	}
	assert.Equal(t, "expr:gte(t,n_forced*2)", keyframeExpr(p.forChunk(chunks[0], "")), "the first chunk starts on a frame")
	assert.Equal(t, "expr:gte(t,n_forced*2-0.030000)", keyframeExpr(p.forChunk(chunks[1], "")), "the chunk at 30 s starts at 30.03 s")
}
