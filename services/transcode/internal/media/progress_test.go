package media

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestScanProgress(t *testing.T) {
	tests := []struct {
		name   string
		output string
		want   []progressUpdate
	}{
		{
			name:   "blocks",
			output: "frame=10\nout_time_us=400000\nout_time=00:00:00.400000\nprogress=continue\nframe=120\nout_time_us=4010667\nprogress=end\n",
			want:   []progressUpdate{{OutTime: 400 * time.Millisecond, Frames: 10}, {OutTime: 4010667 * time.Microsecond, Frames: 120, Done: true}},
		},
		{
			name:   "N/A before the first frame keeps zero",
			output: "out_time_us=N/A\nprogress=continue\n",
			want:   []progressUpdate{{}},
		},
		{
			name:   "negative start keeps the last value",
			output: "out_time_us=2000000\nprogress=continue\nout_time_us=-9223372036854775807\nprogress=continue\n",
			want:   []progressUpdate{{OutTime: 2 * time.Second}, {OutTime: 2 * time.Second}},
		},
		{
			name:   "CRLF and an unfinished block",
			output: "out_time_us=1000000\r\nprogress=continue\r\nout_time_us=2000000\r\n",
			want:   []progressUpdate{{OutTime: time.Second}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []progressUpdate
			err := scanProgress(strings.NewReader(tt.output), func(u progressUpdate) error {
				got = append(got, u)
				return nil
			})
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestPercentOf(t *testing.T) {
	tests := []struct {
		done, total time.Duration
		want        int
	}{
		{0, time.Minute, 0},
		{30 * time.Second, time.Minute, 50},
		{59999 * time.Millisecond, time.Minute, 99},
		{61 * time.Second, time.Minute, 100}, // audio can run past the video
		{time.Second, 0, 0},                  // unknown total
		{-time.Second, time.Minute, 0},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, percentOf(tt.done, tt.total), "%v of %v", tt.done, tt.total)
	}
}

func TestProgressThrottle(t *testing.T) {
	type offer struct {
		at      time.Duration // since the start
		percent int
		sent    bool
	}
	tests := []struct {
		name   string
		offers []offer
	}{
		{"first value always", []offer{{0, 0, true}}},
		{"small steps wait", []offer{{0, 0, true}, {time.Second, 2, false}, {1500 * time.Millisecond, 4, false}, {1600 * time.Millisecond, 5, true}}},
		{"time lets small steps through", []offer{{0, 10, true}, {2 * time.Second, 11, true}}},
		{"never backwards", []offer{{0, 50, true}, {10 * time.Second, 40, false}, {20 * time.Second, 50, false}}},
		{"100 at once", []offer{{0, 98, true}, {time.Millisecond, 100, true}, {time.Second, 100, false}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			start := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
			var now time.Time
			throttle := newProgressThrottle(func() time.Time { return now })
			for _, o := range tt.offers {
				now = start.Add(o.at)
				assert.Equal(t, o.sent, throttle.offer(o.percent), "%d%% at %v", o.percent, o.at)
			}
		})
	}
}
