package media

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestUnreadableSourceReason(t *testing.T) {
	tests := []struct {
		name, stderr, reason string
	}{
		{"garbage", "file:/w/source: Invalid data found when processing input\n", "the file is not a video we can read"},
		{"huge frame", "[IMGUTILS @ 0x1] Picture size 20000x20000 is invalid\nfile:/w/source: Device or resource busy\n",
			"frame 20000x20000 is too large to decode"},
		{"nothing said", "", "the file is not a video we can read"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := unreadableSource(tt.stderr)
			assert.Equal(t, tt.reason, err.Reason)
		})
	}
}
