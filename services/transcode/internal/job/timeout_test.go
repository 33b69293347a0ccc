package job

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

func TestTimeoutsDerived(t *testing.T) {
	timeouts := Timeouts{Max: 6 * time.Hour, PerSecond: 10 * time.Second, Min: 15 * time.Minute}
	tests := []struct {
		name   string
		t      Timeouts
		length time.Duration
		want   time.Duration
	}{
		{"short source: the floor", timeouts, 10 * time.Second, 15 * time.Minute},
		{"an hour: ten hours, capped", timeouts, time.Hour, 6 * time.Hour},
		{"ten minutes", timeouts, 10 * time.Minute, 100 * time.Minute},
		{"no per-second bound", Timeouts{Max: time.Hour}, time.Second, time.Hour},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, tt.t.derived(tt.length))
		})
	}
}
