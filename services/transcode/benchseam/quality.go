package benchseam

import "github.com/vidhost/vidhost/services/transcode/internal/media"

// Transcoder runs the media work of a transcode job: probe, thumbnail,
// analysis (adaptive jobs), ladder and sprite.
type Transcoder = media.Transcoder

// MediaJob is one source for a Transcoder; Adaptive picks the
// content-adaptive ladder over the fixed one.
type MediaJob = media.Job

// MediaResult is what a Transcoder made of a MediaJob.
type MediaResult = media.Result

// Analysis is what decided an adaptive ladder.
type Analysis = media.Analysis

// File is one file a job announces; KindPlaylist marks playlists.
type File = media.File

// KindPlaylist is the kind of the HLS and DASH playlists.
const KindPlaylist = media.KindPlaylist

// MasterPlaylist is the HLS master playlist's path in a job's directory.
const MasterPlaylist = media.MasterPlaylist

// NewTranscoder is the service's transcoder with its default settings.
func NewTranscoder() *Transcoder { return media.New(media.Config{}) }

// SSIMScore is the mean "All" SSIM of an ffmpeg ssim stats file, as the
// analysis scores it.
func SSIMScore(stats []byte) (float64, error) { return media.SSIM{}.Score(stats) }
