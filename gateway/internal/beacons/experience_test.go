package beacons_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/gateway/internal/beacons"
)

func ptr(v float64) *float64 { return &v }

// Absurd figures are clamped or dropped, never enlarged (docs/analytics.md,
// "Bad input").
func TestExperienceClamp(t *testing.T) {
	tests := []struct {
		name, event string
		in, want    beacons.Experience
		adjusted    []beacons.Adjustment
	}{
		{"a start", beacons.TypePlay, beacons.Experience{StartupMS: ptr(850), WatchedMS: 5}, beacons.Experience{StartupMS: ptr(850)}, nil},
		{"a negative start", beacons.TypePlay, beacons.Experience{StartupMS: ptr(-3)}, beacons.Experience{}, []beacons.Adjustment{beacons.StartupDropped}},
		{"an hour-long start", beacons.TypePlay, beacons.Experience{StartupMS: ptr(3_600_000)}, beacons.Experience{}, []beacons.Adjustment{beacons.StartupDropped}},
		{"a heartbeat", beacons.TypeHeartbeat,
			beacons.Experience{WatchedMS: 10_000, Stalls: 1, StallMS: 1200, Renditions: []beacons.RenditionFigure{{Height: 720, WatchedMS: 10_000, Stalls: 1, StallMS: 1200}}, ErrorClass: "network"},
			beacons.Experience{WatchedMS: 10_000, Stalls: 1, StallMS: 1200, Renditions: []beacons.RenditionFigure{{Height: 720, WatchedMS: 10_000, Stalls: 1, StallMS: 1200}}}, nil},
		{"more stall than watch", beacons.TypeHeartbeat, beacons.Experience{WatchedMS: 5000, Stalls: 2, StallMS: 9000},
			beacons.Experience{WatchedMS: 5000, Stalls: 2, StallMS: 5000}, []beacons.Adjustment{beacons.HeartbeatClamped}},
		{"an hour in one heartbeat", beacons.TypeHeartbeat, beacons.Experience{WatchedMS: 3_600_000, Stalls: 1e6, SeekWaitMS: -1},
			beacons.Experience{WatchedMS: beacons.MaxHeartbeatMS, Stalls: beacons.MaxStallsPerHeartbeat}, []beacons.Adjustment{beacons.HeartbeatClamped}},
		{"odd renditions", beacons.TypeHeartbeat,
			beacons.Experience{WatchedMS: 1000, Renditions: []beacons.RenditionFigure{{Height: 99999, WatchedMS: 1}, {Height: 360.5}, {Height: 360, WatchedMS: 5000}}},
			beacons.Experience{WatchedMS: 1000, Renditions: []beacons.RenditionFigure{{Height: 360, WatchedMS: 1000}}}, []beacons.Adjustment{beacons.HeartbeatClamped}},
		{"a failed start", beacons.TypeError, beacons.Experience{ErrorClass: "manifest", Fatal: true, BeforePlay: true, WatchedMS: 4},
			beacons.Experience{ErrorClass: "manifest", Fatal: true, BeforePlay: true}, nil},
		{"a recovered error is no failed start", beacons.TypeError, beacons.Experience{ErrorClass: "network", BeforePlay: true},
			beacons.Experience{ErrorClass: "network"}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := tt.in
			adjusted, err := got.Clamp(tt.event)
			require.NoError(t, err)
			assert.Equal(t, tt.adjusted, adjusted)
			if tt.want.Renditions == nil && got.Renditions != nil && len(got.Renditions) == 0 {
				got.Renditions = nil
			}
			assert.Equal(t, tt.want, got)
		})
	}
	unknown := beacons.Experience{ErrorClass: "cosmic-ray", Fatal: true}
	_, err := unknown.Clamp(beacons.TypeError)
	assert.ErrorIs(t, err, beacons.ErrUnknownErrorClass)
}
