package job

import (
	"strings"
	"time"

	"github.com/vidhost/vidhost/services/transcode/internal/media"
)

// Output is a playable file of the video, with its path relative to the
// media folder.
type Output struct {
	Label string // "HLS", "DASH", "MP4 720p"
	Path  string // "stream/master.m3u8"
}

// HLS is the output a video plays from as soon as its first segments are
// stored (early playback) and when it is ready.
var HLS = Output{Label: "HLS", Path: media.MasterPlaylist}

// Completion is what a finished job made, for transcode.completed.
type Completion struct {
	Outputs     []Output
	Duration    time.Duration
	Thumbnail   string
	Sprite      string
	SpriteIndex string
	// Width and Height are those of the highest rendition: the largest
	// picture a viewer gets.
	Width, Height int
	// Source is the source's frame as displayed (rotated, pixel aspect
	// applied) and its exact aspect ratio, for the video's width, height
	// and aspect_ratio.
	Source SourceFrame
}

// SourceFrame is the shape of a video's source, as a viewer sees it.
type SourceFrame struct {
	Width, Height int
	AspectRatio   string // lowest terms: "16:9", "9:16", "427:240"
}

// completion describes a media result in the catalog's terms.
func completion(res media.Result) Completion {
	top := res.Renditions[0]
	return Completion{
		Outputs: []Output{
			HLS,
			{Label: "DASH", Path: media.DASHManifest},
			{Label: "MP4 " + downloadName(res.MP4), Path: res.MP4},
		},
		Duration:    res.Duration,
		Thumbnail:   media.ThumbnailFile,
		Sprite:      media.SpriteFile,
		SpriteIndex: media.SpriteIndexFile,
		Width:       top.Width,
		Height:      top.Height,
		Source:      sourceFrame(res.Source.Video),
	}
}

// downloadName is the rendition of the progressive MP4: "mp4/720p.mp4"
// gives "720p".
func downloadName(mp4 string) string {
	name := strings.TrimPrefix(mp4, media.MP4Dir+"/")
	return strings.TrimSuffix(name, ".mp4")
}

// sourceFrame is the zero SourceFrame for a result without video, which a
// finished job never has.
func sourceFrame(v *media.VideoStream) SourceFrame {
	if v == nil {
		return SourceFrame{}
	}
	return SourceFrame{Width: v.Width, Height: v.Height, AspectRatio: v.Aspect.String()}
}
