package benchseam

import (
	"context"

	"github.com/vidhost/vidhost/services/transcode/internal/media"
)

// Info is what ffprobe says of a source.
type Info = media.Info

// Rendition is a rung of the ladder fitted to one source.
type Rendition = media.Rendition

// Probe runs ffprobe on the source at path.
func Probe(ctx context.Context, ffprobe, path string) (Info, error) {
	return media.Probe(ctx, ffprobe, path)
}

// Ladder is the renditions the service encodes of a source like info,
// highest first.
func Ladder(info Info) []Rendition {
	return media.SelectRenditions(media.DefaultLadder(), info.Video.Width, info.Video.Height)
}
