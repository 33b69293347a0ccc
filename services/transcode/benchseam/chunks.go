package benchseam

import (
	"time"

	"github.com/vidhost/vidhost/services/transcode/internal/media"
)

// NewChunkTranscoder is the service's transcoder running ffmpeg (a path)
// and splitting a MediaJob with Chunked set into chunks of about
// chunkLength, whatever the output's length, one at a time.
func NewChunkTranscoder(ffmpeg string, chunkLength time.Duration) *Transcoder {
	return media.New(media.Config{FFmpeg: ffmpeg, Chunks: media.ChunkConfig{Threshold: time.Nanosecond, Length: chunkLength, Parallel: 1}})
}
