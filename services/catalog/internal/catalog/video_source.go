package catalog

import (
	"context"
	"errors"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/plans"
	"github.com/vidhost/vidhost/pkg/principal"
)

// prepareSource checks a new video's input against its type. A vod's
// source is parsed (and an upload reference resolved) into the transcode
// job to enqueue; an event must come without input: its ingest URL is
// assigned by the service.
func (s *Service) prepareSource(ctx context.Context, p principal.Principal, v *Video, input string) (*TranscodeJob, error) {
	if v.Type == TypeEvent {
		if !p.LiveEnabled {
			return nil, plans.Required("live streaming (a video of type \"event\")", func(p plans.Plan) bool { return p.LiveStreaming })
		}
		if input != "" {
			return nil, apperr.InvalidField("input", "must not be sent for a live event: the ingest URL is assigned by the service")
		}
		return nil, nil
	}
	src, err := ParseSource(input)
	if err != nil {
		return nil, err
	}
	job := &TranscodeJob{SourceURL: src.URL, Clip: src.Clip, Spherical: v.Spherical, Transcoder: v.jobProfile()}
	if src.URL != "" {
		// A URL source is the account's upload as much as a PUT is: the
		// upload service's limits apply, and its answer bounds the download.
		maxBytes, err := s.uploads.AllowURLSource(ctx, p)
		if err != nil {
			return nil, err
		}
		job.SourceMaxBytes = maxBytes
	}
	if src.UploadID != "" {
		object, err := s.uploads.Resolve(ctx, p, src.Reference(), UploadVideo)
		if errors.Is(err, apperr.ErrNotFound) {
			return nil, apperr.InvalidField("input", "refers to no video upload of this account")
		}
		if err != nil {
			return nil, err
		}
		job.SourceObjectKey, v.SourceObjectKey = object.Key, object.Key
	}
	v.Input = input
	return job, nil
}

// checkCategoriesExist requires every value to be one of the account's
// categories. A category deleted a moment later is harmless: a video may
// hold a value no category has (see README).
func checkCategoriesExist(ctx context.Context, r Reader, accountID string, values []string) error {
	if len(values) == 0 {
		return nil
	}
	missing, err := r.MissingCategories(ctx, accountID, values)
	if err != nil {
		return err
	}
	if len(missing) > 0 {
		return apperr.InvalidField("categories", "contains %q, which is not the value of one of the account's categories", missing[0])
	}
	return nil
}
