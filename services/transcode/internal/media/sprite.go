package media

import (
	"fmt"
	"path/filepath"
	"strings"
	"time"
)

// SpriteConfig shapes the seek-preview sprite: tiles in a grid, one every
// Interval of the video, the interval growing so there are at most MaxTiles.
type SpriteConfig struct {
	TileWidth, TileHeight int
	Columns               int
	MaxTiles              int
	Interval              time.Duration // rounded up to whole 2 s segments
}

// DefaultSprite gives up to a 10x10 grid of 160x90 tiles (1600x900 px).
func DefaultSprite() SpriteConfig {
	return SpriteConfig{TileWidth: 160, TileHeight: 90, Columns: 10, MaxTiles: 100, Interval: 2 * time.Second}
}

// spriteSheet is the layout of one sprite.
type spriteSheet struct {
	SpriteConfig
	keyframesPerTile int
	tiles            int
	rows             int
}

// layout picks the interval for a video of the given length. Intervals are
// whole multiples of the 2 s keyframe spacing of our own MP4, which the
// sprite is cut from: decoding only its keyframes is cheap, and every tile
// is the exact frame its cue starts at.
func (c SpriteConfig) layout(length time.Duration) spriteSheet {
	segment := segmentSeconds * time.Second
	perTile := max(1, ceilDiv(c.Interval, segment))
	perTile = max(perTile, ceilDiv(length, time.Duration(max(1, c.MaxTiles))*segment))
	interval := time.Duration(perTile) * segment
	tiles := max(1, ceilDiv(length, interval))
	columns := min(c.Columns, tiles)
	sheet := spriteSheet{SpriteConfig: c, keyframesPerTile: perTile, tiles: tiles, rows: (tiles + columns - 1) / columns}
	sheet.Columns = columns
	sheet.Interval = interval
	return sheet
}

// spriteArgs cut the sprite from the progressive MP4, decoding only its
// keyframes and keeping every keyframesPerTile-th.
func spriteArgs(mp4, out string, s spriteSheet) []string {
	filter := fmt.Sprintf("select='not(mod(n,%d))',", s.keyframesPerTile) + // one keyframe per tile
		fmt.Sprintf("scale=%d:%d:force_original_aspect_ratio=decrease,", s.TileWidth, s.TileHeight) + // fit the tile
		fmt.Sprintf("pad=%d:%d:(ow-iw)/2:(oh-ih)/2,", s.TileWidth, s.TileHeight) + // letterbox other shapes
		fmt.Sprintf("tile=%dx%d", s.Columns, s.rows) // all tiles in one picture
	args := quietArgs()
	args = append(args, "-skip_frame", "nokey") // decode keyframes only: every 2 s in our MP4
	args = append(args, "-i", inputURL(mp4))
	args = append(args, "-map", "0:v:0")
	args = append(args, "-vf", filter)
	args = append(args, "-frames:v", "1") // the one grid picture
	args = append(args, "-q:v", "4")      // previews are small: quality matters less than size
	args = append(args, "-update", "1")   // a single file, never a %d pattern
	args = append(args, out)
	return args
}

// spriteVTT indexes the sprite: one cue per tile, pointing at it with a
// media fragment (#xywh=x,y,w,h), as players' seek-preview plugins expect.
func spriteVTT(s spriteSheet, length time.Duration) []byte {
	var b strings.Builder
	b.WriteString("WEBVTT\n")
	image := filepath.Base(SpriteFile)
	for i := range s.tiles {
		start := time.Duration(i) * s.Interval
		end := min(start+s.Interval, length)
		x, y := (i%s.Columns)*s.TileWidth, (i/s.Columns)*s.TileHeight
		fmt.Fprintf(&b, "\n%s --> %s\n%s#xywh=%d,%d,%d,%d\n", vttTime(start), vttTime(end), image, x, y, s.TileWidth, s.TileHeight)
	}
	return []byte(b.String())
}

func vttTime(d time.Duration) string {
	ms := d.Milliseconds()
	return fmt.Sprintf("%02d:%02d:%02d.%03d", ms/3600000, ms/60000%60, ms/1000%60, ms%1000)
}

func ceilDiv(a, b time.Duration) int {
	return int((a + b - 1) / b)
}
