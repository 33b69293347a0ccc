package pipeline

import (
	"bytes"
	"io"
	"testing"
	"time"

	"github.com/bluenviron/mediacommon/v2/pkg/codecs/mpeg4audio"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A reader that takes nothing never holds a writer: the Feed says it is
// behind past its limit, and once the reader reads, everything arrives in
// order and Close ends the input after it.
func TestFeedNeverWaitsForItsReader(t *testing.T) {
	r, w := io.Pipe()
	f := NewFeed(w)
	f.limit = 1000
	var sent bytes.Buffer
	done := make(chan struct{})
	go func() {
		defer close(done)
		for i := range 200 {
			chunk := bytes.Repeat([]byte{byte(i)}, 100)
			sent.Write(chunk)
			_, err := f.Write(chunk)
			assert.NoError(t, err)
		}
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("a write waited for the reader")
	}
	assert.True(t, f.Behind(), "20 000 bytes wait, over the limit of 1000")
	require.NoError(t, f.Close())
	got, err := io.ReadAll(r)
	require.NoError(t, err)
	assert.Equal(t, sent.Bytes(), got)
	<-f.Done()
	assert.False(t, f.Behind())
	_, err = f.Write([]byte{1})
	assert.ErrorIs(t, err, errFeedClosed)
}

// A reader that is gone fails the next writes: the ingest ends the run.
func TestFeedFailsOnceItsReaderIsGone(t *testing.T) {
	r, w := io.Pipe()
	f := NewFeed(w)
	require.NoError(t, r.CloseWithError(io.ErrUnexpectedEOF))
	_, _ = f.Write([]byte("lost"))
	require.Eventually(t, func() bool {
		_, err := f.Write([]byte("x"))
		return err != nil
	}, 5*time.Second, time.Millisecond)
}

type behindFlag struct {
	bytes.Buffer
	behind bool
}

func (b *behindFlag) Behind() bool { return b.behind }

// While its output is behind, the writer drops access units, and video
// resumes only at a keyframe, with its parameter sets.
func TestTSWriterDropsWhileBehind(t *testing.T) {
	out := &behindFlag{}
	sps := []byte{0x67, 0x42, 0xc0, 0x1e, 0xd9, 0x00, 0xa0, 0x47, 0xfe, 0xc8}
	pps := []byte{0x68, 0xce, 0x3c, 0x80}
	ts, err := NewTSWriter(out, sps, pps, mpeg4audio.AudioSpecificConfig{Type: mpeg4audio.ObjectTypeAACLC, SampleRate: 48000, ChannelConfig: 2})
	require.NoError(t, err)
	key, inter := [][]byte{{0x65, 0x88, 0x84}}, [][]byte{{0x41, 0x9a, 0x02}}
	frame := func(n int, au [][]byte) {
		d := time.Duration(n) * 33 * time.Millisecond
		require.NoError(t, ts.WriteH264(d, d, au))
	}
	frame(0, key)
	frame(1, inter)
	written := out.Len()
	out.behind = true
	frame(2, inter)
	frame(3, key)
	require.NoError(t, ts.WriteAAC(100*time.Millisecond, []byte{1, 2, 3}))
	assert.Equal(t, written, out.Len(), "nothing written while behind")
	out.behind = false
	frame(4, inter)
	assert.Equal(t, written, out.Len(), "a frame after the loss waits for a keyframe")
	assert.Equal(t, 4, ts.Dropped())
	frame(5, key)
	assert.Greater(t, out.Len(), written, "the keyframe is written")
	assert.Equal(t, 4, ts.Dropped())
}
