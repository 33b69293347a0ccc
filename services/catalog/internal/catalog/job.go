package catalog

import (
	"time"

	"github.com/vidhost/vidhost/pkg/profiles"
)

// TranscodeJob asks a transcode worker to make a vod's outputs. It is
// enqueued in the transaction that creates the video, so a video is never
// stored without its job, nor a job sent for a video that was rolled back.
type TranscodeJob struct {
	AccountID string
	ActorID   string
	Time      time.Time
	VideoID   string
	// Exactly one of SourceURL (clip parameters removed) and
	// SourceObjectKey is set.
	SourceURL       string
	SourceObjectKey string
	// SourceMaxBytes bounds the download of SourceURL: what the account's
	// upload limits allow it (UploadResolver.AllowURLSource).
	SourceMaxBytes int64
	Clip           Clip
	Spherical      bool
	// Transcoder is the video's resolved transcoding profile
	// (Video.jobProfile): never empty.
	Transcoder profiles.Name
	// Live, instead of a source, is an instant clip made of a live event's
	// segments (internal/clips): copied by the worker, not encoded.
	Live *LiveClip
}

// LiveClip is the part of a live event's HLS an instant clip is made of:
// each variant the event's master playlist names, with its init segment
// and the media segments the clip spans.
type LiveClip struct {
	EventID string
	// MasterPlaylist is the event's, relative to its media folder.
	MasterPlaylist string
	// Variants are in the master's order, the highest first.
	Variants []LiveVariant
}

// LiveVariant is one variant's part of a LiveClip: its playlist as the
// master names it, its init segment and media segments in the playlist's
// folder.
type LiveVariant struct {
	Playlist string
	Init     string
	Segments []LiveSegment
}

// LiveSegment is a media segment and its length in seconds.
type LiveSegment struct {
	Name     string
	Duration float64
}

// TranscribeJob asks a transcode worker to transcribe a video's speech. It
// is enqueued in the transaction that creates the transcribe, so neither
// exists without the other.
type TranscribeJob struct {
	AccountID    string
	ActorID      string
	Time         time.Time
	TranscribeID string
	VideoID      string
	// SourceObjectKey is the blob-store key of the video's MP4 output.
	SourceObjectKey string
	Language        string
}

// TranscodeCancel tells the transcode workers to stop the job of a deleted
// video (transcode.cancels.<job id>). It is enqueued in the transaction
// that deletes the video, when its job was sent and has not reported its
// end.
type TranscodeCancel struct {
	AccountID string
	ActorID   string
	Time      time.Time
	// JobID is the TranscodeJob's meta id, as transcode_queue keeps it.
	JobID   string
	VideoID string
}

// TranscribeCancel tells the transcode workers to stop a transcribe's job
// (transcribe.cancels.<id>). It is enqueued in the transaction that marks
// the transcribe cancelling or deletes its video.
type TranscribeCancel struct {
	AccountID    string
	ActorID      string
	Time         time.Time
	TranscribeID string
	VideoID      string
}
