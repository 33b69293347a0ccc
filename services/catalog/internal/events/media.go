package events

import (
	"errors"
	"fmt"

	"google.golang.org/protobuf/encoding/protojson"

	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"

	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
	"github.com/vidhost/vidhost/services/catalog/internal/protomap"
)

// decodeOptions ignore fields this version does not know: a newer worker
// adding one must not turn every report into a poison message.
var decodeOptions = protojson.UnmarshalOptions{DiscardUnknown: true}

// errNoVideoID marks a report or event that names no video.
var errNoVideoID = errors.New("names no valid video_id")

// errNoAccount marks a report that names no account: the worker always
// sends its job's, and the catalog applies a report to a video of that
// account only.
var errNoAccount = errors.New("names no account_id")

// DecodeMediaReport decodes a message of transcode.progress, .completed or
// .failed. An error means the message can never be applied.
func DecodeMediaReport(subject string, data []byte) (catalog.MediaReport, error) {
	var r catalog.MediaReport
	var err error
	switch subject {
	case natsx.SubjectTranscodeProgress:
		var m eventsv1.TranscodeProgress
		err = decodeOptions.Unmarshal(data, &m)
		r = catalog.MediaReport{Kind: catalog.MediaProgress, AccountID: m.GetMeta().GetAccountId(), VideoID: m.GetVideoId(),
			Progress: int(m.GetProgress()), Outputs: protomap.MediaFiles(m.GetOutputs())}
	case natsx.SubjectTranscodeCompleted:
		var m eventsv1.TranscodeCompleted
		err = decodeOptions.Unmarshal(data, &m)
		r = catalog.MediaReport{Kind: catalog.MediaCompleted, AccountID: m.GetMeta().GetAccountId(), VideoID: m.GetVideoId(),
			Outputs: protomap.MediaFiles(m.GetOutputs()), Duration: m.GetDuration(), Thumbnail: m.GetThumbnailPath(),
			Sprite: m.GetSpritePath(), SpriteIndex: m.GetSpriteIndexPath(), Width: int(m.GetWidth()), Height: int(m.GetHeight()),
			Source: catalog.SourceFrame{Width: int(m.GetSourceWidth()), Height: int(m.GetSourceHeight()), AspectRatio: m.GetAspectRatio()}}
	case natsx.SubjectTranscodeFailed:
		var m eventsv1.TranscodeFailed
		err = decodeOptions.Unmarshal(data, &m)
		r = catalog.MediaReport{Kind: catalog.MediaFailed, AccountID: m.GetMeta().GetAccountId(), VideoID: m.GetVideoId(),
			Reason: m.GetReason()}
	case natsx.SubjectLiveStarted:
		var m eventsv1.LiveStarted
		err = decodeOptions.Unmarshal(data, &m)
		r = catalog.MediaReport{Kind: catalog.MediaLive, AccountID: m.GetMeta().GetAccountId(), VideoID: m.GetVideoId(),
			Outputs: protomap.MediaFiles(m.GetOutputs())}
	case natsx.SubjectLiveEnded:
		var m eventsv1.LiveEnded
		err = decodeOptions.Unmarshal(data, &m)
		r = catalog.MediaReport{Kind: catalog.MediaLiveEnded, AccountID: m.GetMeta().GetAccountId(), VideoID: m.GetVideoId(),
			Recording: m.GetRecordingObjectKey(), Duration: m.GetDuration(), Reason: m.GetReason()}
		if r.Recording != "" && !recordingOf(r) {
			return r, fmt.Errorf("events: %s: recording_object_key is not an upload of the event's account", subject)
		}
	default:
		return r, fmt.Errorf("events: no media report on subject %q", subject)
	}
	if err != nil {
		return r, fmt.Errorf("events: decode %s: %w", subject, err)
	}
	if !ids.Valid(r.VideoID) {
		return r, fmt.Errorf("events: %s: %w", subject, errNoVideoID)
	}
	if r.AccountID == "" {
		return r, fmt.Errorf("events: %s: %w", subject, errNoAccount)
	}
	return r, nil
}

// recordingOf reports whether a live.ended report's recording is an upload
// key of its own account, the only source a transcode worker accepts.
func recordingOf(r catalog.MediaReport) bool {
	account, _, _, ok := blob.ParseUploadKey(r.Recording)
	return ok && account == r.AccountID
}
