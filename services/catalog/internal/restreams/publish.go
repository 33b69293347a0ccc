package restreams

import (
	"context"
	"log/slog"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/simulcast"
	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
)

// Target is an enabled output as the live service needs it, its key in
// the clear.
type Target struct {
	ID  string
	URL string
	Key string
}

// Targets returns the event's enabled outputs, at most limit (its plan's
// restreams per event; the oldest first if the plan shrank), for the grant
// of a publisher the stream key admitted. An output whose key does not
// open (the root secret changed) is left out and reported in error.
func (s *Service) Targets(ctx context.Context, accountID, videoID string, limit int) ([]Target, error) {
	if limit <= 0 {
		return nil, nil
	}
	rows, err := s.store.EnabledRestreams(ctx, accountID, videoID, limit)
	if err != nil {
		return nil, err
	}
	targets := make([]Target, 0, len(rows))
	for _, r := range rows {
		key, err := s.open(r)
		if err != nil {
			slog.ErrorContext(ctx, "restream key does not open", "restream_id", r.ID, "error", err)
			_, _ = s.store.SetRestreamStatus(ctx, accountID, videoID, r.ID, simulcast.Error,
				"the stream key can no longer be read: set it again")
			continue
		}
		targets = append(targets, Target{ID: r.ID, URL: r.URL, Key: key})
	}
	return targets, nil
}

// Status is the live service's report of one output.
type Status struct {
	AccountID, VideoID, ID string
	State                  simulcast.State
	Reason                 string
}

// ReportStatus records an output's state as the live service reports it.
// An output deleted meanwhile is Not found; one disabled meanwhile keeps
// idle.
func (s *Service) ReportStatus(ctx context.Context, st Status) error {
	if !st.State.Valid() {
		return apperr.InvalidField("status", "must be idle, connecting, live or error")
	}
	if err := catalog.CheckID(st.ID); err != nil {
		return err
	}
	reason := st.Reason
	if st.State != simulcast.Error {
		reason = ""
	}
	_, err := s.store.SetRestreamStatus(ctx, st.AccountID, st.VideoID, st.ID, st.State, truncate(reason, 500))
	return err
}

// truncate bounds a reason the live service wrote, at a rune boundary.
func truncate(s string, max int) string {
	if len(s) <= max {
		return s
	}
	r := []rune(s[:max])
	return string(r[:len(r)-1])
}
