package media

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

func TestSpriteLayout(t *testing.T) {
	tests := []struct {
		length        time.Duration
		interval      time.Duration
		tiles         int
		columns, rows int
	}{
		{time.Second, 2 * time.Second, 1, 1, 1},
		{4 * time.Second, 2 * time.Second, 2, 2, 1},
		{5 * time.Second, 2 * time.Second, 3, 3, 1},
		{time.Minute, 2 * time.Second, 30, 10, 3},
		{200 * time.Second, 2 * time.Second, 100, 10, 10},
		{201 * time.Second, 4 * time.Second, 51, 10, 6},
		{12 * time.Hour, 432 * time.Second, 100, 10, 10},
	}
	for _, tt := range tests {
		t.Run(tt.length.String(), func(t *testing.T) {
			sheet := DefaultSprite().layout(tt.length)
			assert.Equal(t, tt.interval, sheet.Interval)
			assert.Equal(t, tt.tiles, sheet.tiles)
			assert.Equal(t, []int{tt.columns, tt.rows}, []int{sheet.Columns, sheet.rows})
			assert.Equal(t, int(tt.interval/(2*time.Second)), sheet.keyframesPerTile)
		})
	}
}

func TestSpriteLayoutRoundsIntervalToSegments(t *testing.T) {
	config := DefaultSprite()
	config.Interval = 5 * time.Second
	assert.Equal(t, 6*time.Second, config.layout(time.Minute).Interval)
}

func TestSpriteVTT(t *testing.T) {
	length := 25 * time.Second
	config := DefaultSprite()
	config.Interval = 10 * time.Second
	config.Columns = 2
	want := "WEBVTT\n" +
		"\n00:00:00.000 --> 00:00:10.000\nsprite.jpg#xywh=0,0,160,90\n" +
		"\n00:00:10.000 --> 00:00:20.000\nsprite.jpg#xywh=160,0,160,90\n" +
		"\n00:00:20.000 --> 00:00:25.000\nsprite.jpg#xywh=0,90,160,90\n"
	assert.Equal(t, want, string(spriteVTT(config.layout(length), length)))
}

func TestVTTTime(t *testing.T) {
	assert.Equal(t, "01:02:03.045", vttTime(time.Hour+2*time.Minute+3045*time.Millisecond))
}
