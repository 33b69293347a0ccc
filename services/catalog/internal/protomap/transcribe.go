package protomap

import (
	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"

	"github.com/vidhost/vidhost/pkg/timefmt"
	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
	"github.com/vidhost/vidhost/services/catalog/internal/transcribes"
)

// Transcribe returns t as a message.
func Transcribe(t catalog.Transcribe) *catalogv1.Transcribe {
	return &catalogv1.Transcribe{
		Id: t.ID, VideoId: t.VideoID, Language: t.Language, Label: t.Label, Kind: t.Kind, Status: t.Status,
		Progress: int32(t.Progress), //nolint:gosec // bounded: 0-100
		TrackId:  t.TrackID, Error: t.Error,
		CreatedBy: t.CreatedBy, CreatedTime: timefmt.Format(t.CreatedTime),
		UpdatedBy: t.UpdatedBy, UpdatedTime: timefmt.Format(t.UpdatedTime),
	}
}

// TranscribeInput returns the create request's fields.
func TranscribeInput(in *catalogv1.CreateTranscribeRequest) transcribes.Input {
	return transcribes.Input{VideoID: in.GetVideoId(), Language: in.GetLanguage(), Label: in.GetLabel(), Kind: in.GetKind()}
}
