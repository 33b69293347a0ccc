package clips

import (
	"context"
	"fmt"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
)

// Why a clip is refused when its event cannot give one.
var (
	ErrNotEvent = &apperr.Refused{Reason: "instant clips are made of live events (type event); " +
		"to clip a video, create one with svc_clip_start and svc_clip_end in its input"}
	ErrNotStarted  = &apperr.Refused{Reason: "the live event has not started: a clip is made of its live stream or its recording"}
	ErrNoRecording = &apperr.Refused{Reason: "the live event ended without a recording: there is nothing to clip"}
)

// Service makes instant clips. The caller (the gRPC handler) has already
// checked that the principal may create videos.
type Service struct {
	store     Store
	playlists Playlists
	videos    Videos
}

// New returns a Service that reads events from store and their live
// playlists from playlists, and stores clips through videos.
func New(store Store, playlists Playlists, videos Videos) *Service {
	return &Service{store: store, playlists: playlists, videos: videos}
}

// Create makes a clip of r's event in the principal's account: while the
// event is live, of its segments within the DVR window; once it has ended,
// of its recording. Another account's event is apperr.ErrNotFound.
func (s *Service) Create(ctx context.Context, p principal.Principal, r Request) (catalog.Video, error) {
	if err := catalog.CheckID(r.EventID); err != nil {
		return catalog.Video{}, err
	}
	sp, err := r.span()
	if err != nil {
		return catalog.Video{}, err
	}
	event, err := s.store.GetVideo(ctx, p.AccountID, r.EventID)
	if err != nil {
		return catalog.Video{}, err
	}
	job, source, err := s.source(ctx, event, sp)
	if err != nil {
		return catalog.Video{}, err
	}
	v := catalog.Video{Name: r.name(event), Privacy: event.Privacy, Profile: event.Profile, Input: source}
	return s.videos.CreateClipVideo(ctx, p, v, job)
}

// source is the clip's job and the sentence its video records as its
// input (never shown: a vod's input is not).
func (s *Service) source(ctx context.Context, event catalog.Video, sp span) (catalog.TranscodeJob, string, error) {
	switch {
	case event.Type != catalog.TypeEvent:
		return catalog.TranscodeJob{}, "", ErrNotEvent
	case event.Status == catalog.StatusLive:
		return s.fromLive(ctx, event, sp)
	case event.Status == catalog.StatusPreparing:
		return catalog.TranscodeJob{}, "", ErrNotStarted
	case event.SourceObjectKey == "":
		return catalog.TranscodeJob{}, "", ErrNoRecording
	}
	return fromRecording(event, sp)
}

// fromRecording clips an ended event's recording through the ladder, as a
// URL clip: frame-accurate, encoded.
func fromRecording(event catalog.Video, sp span) (catalog.TranscodeJob, string, error) {
	if event.Duration > 0 && float64(sp.End) > event.Duration+tolerance {
		return catalog.TranscodeJob{}, "", apperr.InvalidField("end_seconds",
			"must be within the recording, which lasts %.0f s", event.Duration)
	}
	job := catalog.TranscodeJob{SourceObjectKey: event.SourceObjectKey, Clip: catalog.Clip{Start: sp.Start, End: sp.End}}
	return job, describe(event, sp, "recording"), nil
}

// fromLive clips a live event's segments within its DVR window.
func (s *Service) fromLive(ctx context.Context, event catalog.Video, sp span) (catalog.TranscodeJob, string, error) {
	master, variants, err := s.livePlaylists(ctx, event)
	if err != nil {
		return catalog.TranscodeJob{}, "", err
	}
	tl := newTimeline(variants)
	live, covered, err := tl.clip(sp)
	if err != nil {
		return catalog.TranscodeJob{}, "", err
	}
	live.EventID, live.MasterPlaylist = event.ID, master
	return catalog.TranscodeJob{Live: &live}, describe(event, covered, "live stream"), nil
}

// describe is what a clip's video records as its source.
func describe(event catalog.Video, sp span, of string) string {
	return fmt.Sprintf("clip of %s from %d s to %d s of its %s", event.ID, sp.Start, sp.End, of)
}
