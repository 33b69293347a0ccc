package llhlstest

import (
	"context"
	"sort"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// Writer takes access units as the ingest hands them over (llhls.Muxer).
type Writer interface {
	WriteH264(pts, dts time.Duration, au [][]byte) error
	WriteAAC(pts time.Duration, au []byte) error
}

// Timing places the clip's units in time: Rate/Scale pictures a second,
// timestamps rounded to Round (RTMP's are milliseconds), pictures
// presented PTSDelay after they are decoded (as with B-frames).
type Timing struct {
	Rate, Scale int64
	Round       time.Duration
	PTSDelay    time.Duration
}

// Exact30 is the clip's own timing; RTMP2997 is an NTSC-rate publisher
// seen through RTMP's millisecond clock.
var (
	Exact30  = Timing{Rate: FPS, Scale: 1}
	RTMP2997 = Timing{Rate: 30000, Scale: 1001, Round: time.Millisecond}
)

func (tm Timing) at(d time.Duration) time.Duration {
	if tm.Round > 0 {
		return d.Round(tm.Round)
	}
	return d
}

// Base is where the ingest's clock starts (an SRT source's starts at
// 10 s): a muxer's decode times start at zero all the same.
const Base = 10 * time.Second

// Unit is one access unit of the stream, at its stream time.
type Unit struct {
	At    time.Duration
	Video [][]byte
	Audio []byte
}

// Units are the looped clip's units from stream time from to to, video
// and audio interleaved by time, as an ingest hands them over.
func (c *Clip) Units(tm Timing, from, to time.Duration) []Unit {
	var units []Unit
	for i := int64(0); ; i++ {
		at := tm.at(time.Duration(i * tm.Scale * int64(time.Second) / tm.Rate))
		if at >= to {
			break
		}
		if at >= from {
			units = append(units, Unit{At: at, Video: c.Video[i%int64(len(c.Video))]})
		}
	}
	for j := 0; ; j++ {
		at := tm.at(time.Duration(j) * 1024 * time.Second / SampleRate)
		if at >= to {
			break
		}
		if at >= from {
			units = append(units, Unit{At: at, Audio: c.Audio[j%len(c.Audio)]})
		}
	}
	sort.SliceStable(units, func(a, b int) bool { return units[a].At < units[b].At })
	return units
}

// Write hands u to w, on the ingest's clock (from Base).
func (u Unit) Write(w Writer, tm Timing) error {
	if u.Video != nil {
		return w.WriteH264(Base+u.At+tm.PTSDelay, Base+u.At, u.Video)
	}
	return w.WriteAAC(Base+u.At, u.Audio)
}

// Feed writes the clip's units from from to to at once.
func (c *Clip) Feed(t testing.TB, w Writer, tm Timing, from, to time.Duration) {
	t.Helper()
	for _, u := range c.Units(tm, from, to) {
		require.NoError(t, u.Write(w, tm))
	}
}

// Publish writes the clip's units from 0 to length at the pace of a live
// publisher (each at its stream time after the call), until ctx ends; it
// returns the first write error.
func (c *Clip) Publish(ctx context.Context, w Writer, tm Timing, length time.Duration) error {
	start := time.Now()
	for _, u := range c.Units(tm, 0, length) {
		if wait := time.Until(start.Add(u.At)); wait > 0 {
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(wait):
			}
		}
		if err := u.Write(w, tm); err != nil {
			return err
		}
	}
	return nil
}
