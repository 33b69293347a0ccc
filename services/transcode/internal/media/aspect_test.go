package media

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestDisplayRatio(t *testing.T) {
	tests := []struct {
		name          string
		width, height int
		sar           string
		rotation      int
		want          string
	}{
		{"square pixels", 1920, 1080, "1:1", 0, "16:9"},
		{"no sar stated", 1280, 720, "", 0, "16:9"},
		{"unknown sar", 640, 480, "0:1", 0, "4:3"},
		{"phone portrait", 1920, 1080, "1:1", 90, "9:16"},
		{"NTSC DV widescreen", 720, 480, "32:27", 0, "16:9"},
		{"PAL 4:3", 720, 576, "16:15", 0, "4:3"},
		{"odd size", 854, 480, "1:1", 0, "427:240"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, displayRatio(tt.width, tt.height, tt.sar, tt.rotation).String())
		})
	}
}

func TestLadderRatio(t *testing.T) {
	tests := []struct {
		width, height int
		want          string
	}{
		{1920, 1080, "16:9"},
		{1080, 1920, "9:16"},
		{854, 480, "16:9"}, // 0.08% off: cropped
		{1440, 1080, "4:3"},
		{1080, 1080, "1:1"},
		{1920, 800, "12:5"},
		{1080, 2340, "6:13"},
		{1280, 544, "26:11"}, // 0.45% off
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, ladderRatio(tt.width, tt.height).String(), "%dx%d", tt.width, tt.height)
	}
}
