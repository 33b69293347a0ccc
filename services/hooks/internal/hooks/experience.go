package hooks

import (
	"context"
	"errors"
	"time"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/filter"
	"github.com/vidhost/vidhost/pkg/ids"
)

// ExperienceFields are the fields of a video.experience_degraded event's
// data a hook's filters may test (docs/hooks.md lists them).
var ExperienceFields = filter.Schema{
	"video_id":         filter.KindString,
	"plays":            filter.KindNumber,
	"startups":         filter.KindNumber,
	"startup_time_p95": filter.KindNumber,
	"error_rate":       filter.KindNumber,
	"conditions":       filter.KindStrings,
	"partial":          filter.KindBool,
}

// ExperienceDegraded is a video.experience_degraded event as hooks see
// it: one video's bad hour, from the analytics service.
type ExperienceDegraded struct {
	EventID   string
	AccountID string
	VideoID   string
	Facts     ExperienceFacts
	// Occurred is when the hour was judged (the event's occurred_time).
	Occurred time.Time
	// Payload is the body a webhook receives.
	Payload []byte
}

// ExperienceFacts is what a hook's filters see of a bad hour.
type ExperienceFacts struct {
	Plays, Startups int64
	// StartupP95 is in seconds; HasStartupP95 is false when no start was
	// measured, and then no condition on startup_time_p95 holds but != .
	StartupP95    float64
	HasStartupP95 bool
	ErrorRate     float64
	Conditions    []string
	Partial       bool
}

// Record is f, of videoID, as the filter package evaluates it.
func (f ExperienceFacts) Record(videoID string) filter.Record {
	r := filter.Record{
		"video_id":   filter.String(videoID),
		"plays":      filter.Number(float64(f.Plays)),
		"startups":   filter.Number(float64(f.Startups)),
		"error_rate": filter.Number(f.ErrorRate),
		"conditions": filter.Strings(f.Conditions...),
		"partial":    filter.Bool(f.Partial),
	}
	if f.HasStartupP95 {
		r["startup_time_p95"] = filter.Number(f.StartupP95)
	}
	return r
}

// MatchExperienceDegraded records a delivery, due at once, for every
// enabled video.experience_degraded hook of the event's account whose
// filters hold, in one transaction; a redelivered event records nothing
// new (a hook has one delivery per event). Only the event's account's
// hooks are read. It returns how many deliveries are due.
func (r *Service) MatchExperienceDegraded(ctx context.Context, e ExperienceDegraded) (int, error) {
	due := 0
	err := r.store.InTx(ctx, func(tx Tx) error {
		due = 0
		hooks, err := tx.EnabledHooks(ctx, e.AccountID, EventExperienceDegraded)
		if err != nil {
			return err
		}
		data := e.Facts.Record(e.VideoID)
		for _, h := range hooks {
			if !h.Matches(data) || h.createdAfter(e.Occurred) {
				continue
			}
			d, err := r.alertDelivery(ctx, tx, h, e)
			if err != nil {
				return err
			}
			n, err := record(ctx, tx, e.AccountID, d)
			if err != nil {
				return err
			}
			due += n
		}
		return nil
	})
	return due, err
}

// alertDelivery is h's delivery of e: pending and due now, as there is no
// output to wait for, unless the hook's service is gone or is no webhook.
func (r *Service) alertDelivery(ctx context.Context, tx Tx, h Hook, e ExperienceDegraded) (Delivery, error) {
	d := Delivery{ID: ids.New(), AccountID: e.AccountID, HookID: h.ID, ServiceID: h.ServiceID, VideoID: e.VideoID,
		EventID: e.EventID, Payload: e.Payload, Status: DeliveryPending, NextAttempt: r.now()}
	s, err := tx.ShareService(ctx, e.AccountID, h.ServiceID)
	switch {
	case errors.Is(err, apperr.ErrNotFound):
		// Enabled hooks have a service; this one lost it in a race.
		d.Status, d.LastError, d.NextAttempt = DeliveryFailed, "the hook's service was deleted", time.Time{}
	case err != nil:
		return Delivery{}, err
	case s.Type != TypeWebhook:
		// Refused when the hook was saved; kept out of the engine, which
		// would run videos.insert, whatever happens to the rows.
		d.Status, d.LastError, d.NextAttempt = DeliveryFailed, errNeedsWebhook.Error(), time.Time{}
	}
	return d, nil
}
