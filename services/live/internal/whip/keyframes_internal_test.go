package whip

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// The planner asks at each boundary crossed, once, and again when the
// keyframe it asked for is overdue.
func TestKeyframePlannerAsksAtEachBoundary(t *testing.T) {
	const frame = 40 * time.Millisecond // 25 fps
	tests := []struct {
		name string
		// keyAt are the frames (by index) that are keyframes.
		keyAt map[int]bool
		want  []int // the frames after which a keyframe is asked for
	}{
		{"keyframes arrive two frames after each request", map[int]bool{0: true, 52: true, 102: true}, []int{50, 100, 150}},
		// The keyframe asked at frame 50 never comes: asked again once
		// 1.5 segments have passed since the last one (frame 76).
		{"a lost keyframe is asked for again", map[int]bool{0: true, 77: true}, []int{50, 76, 100, 150}},
		{"boundaries count from the first keyframe", map[int]bool{10: true, 62: true, 112: true}, []int{60, 110}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := &keyframePlanner{every: SegmentDuration}
			var asked []int
			for i := range 160 {
				if p.frame(time.Duration(i)*frame, tt.keyAt[i]) {
					asked = append(asked, i)
				}
			}
			assert.Equal(t, tt.want, asked)
		})
	}
}
