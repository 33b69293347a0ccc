package delivery

import (
	"context"
	"errors"
	"log/slog"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/services/hooks/internal/action"
	"github.com/vidhost/vidhost/services/hooks/internal/hooks"
	"github.com/vidhost/vidhost/services/hooks/internal/webhook"
)

var now = time.Date(2026, 11, 24, 18, 0, 0, 0, time.UTC)

func TestOutcome(t *testing.T) {
	schedule := []time.Duration{time.Minute, time.Hour}
	failed := webhook.Result{Status: 500, Latency: 20 * time.Millisecond, Err: errors.New("receiver answered 500")}
	tests := []struct {
		name     string
		attempts int
		result   webhook.Result
		status   string
		waitMin  time.Duration
	}{
		{"success", 0, webhook.Result{Status: 204}, hooks.DeliverySucceeded, 0},
		{"first failure waits the first step", 0, failed, hooks.DeliveryPending, time.Minute},
		{"second failure the second", 1, failed, hooks.DeliveryPending, time.Hour},
		{"out of attempts", 2, failed, hooks.DeliveryFailed, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := outcome(hooks.Delivery{Attempts: tt.attempts}, tt.result, now, schedule)
			assert.Equal(t, tt.status, got.Status)
			assert.Equal(t, tt.attempts+1, got.Attempts)
			assert.Equal(t, tt.result.Status, got.LastStatus)
			if tt.waitMin == 0 {
				assert.True(t, got.NextAttempt.IsZero())
				return
			}
			wait := got.NextAttempt.Sub(now)
			assert.GreaterOrEqual(t, wait, tt.waitMin)
			assert.LessOrEqual(t, wait, tt.waitMin+tt.waitMin/10, "at most 10% jitter")
			assert.Equal(t, "receiver answered 500", got.LastError)
		})
	}
}

func TestDefaultScheduleIsEightAttemptsOverADay(t *testing.T) {
	var total time.Duration
	for _, wait := range hooks.RetrySchedule {
		total += wait
	}
	assert.Len(t, hooks.RetrySchedule, 7, "the first attempt, then seven retries")
	assert.Greater(t, total, 24*time.Hour)
	assert.Less(t, total, 30*time.Hour)
}

func TestSigningSecretsKeepThePreviousDuringItsGrace(t *testing.T) {
	c := hooks.Credentials{Secret: "whsec_new", PreviousSecret: "whsec_old", PreviousSecretExpires: now.Add(time.Hour)}
	assert.Equal(t, []string{"whsec_new", "whsec_old"}, signingSecrets(c, now))
	assert.Equal(t, []string{"whsec_new"}, signingSecrets(c, now.Add(2*time.Hour)))
}

// fakeStore records what the engine writes.
type fakeStore struct {
	service  hooks.Target
	err      error
	recorded []hooks.Delivery
}

func (f *fakeStore) ClaimDue(context.Context, time.Time, int32, int, map[string]int) ([]hooks.Delivery, error) {
	return nil, nil
}
func (f *fakeStore) OpenService(context.Context, string, string) (hooks.Target, error) {
	return f.service, f.err
}
func (f *fakeStore) RecordAttempt(_ context.Context, d hooks.Delivery) error {
	f.recorded = append(f.recorded, d)
	return nil
}

func (f *fakeStore) GetHook(context.Context, string, string) (hooks.Hook, error) {
	return hooks.Hook{Params: []hooks.Param{{Field: "prefix", Value: "p"}}}, nil
}
func (f *fakeStore) ExtendLease(context.Context, hooks.Delivery, time.Time) error { return nil }

type fakeAction struct{ jobs []action.Job }

func (f *fakeAction) Run(_ context.Context, j action.Job) action.Result {
	f.jobs = append(f.jobs, j)
	return action.Result{Status: 200}
}

type fakeSender struct{ sent int }

func (f *fakeSender) Send(context.Context, webhook.Message) webhook.Result {
	f.sent++
	return webhook.Result{Status: 200}
}

func TestAttemptRunsTheServiceTypesAction(t *testing.T) {
	store, sender, s3 := &fakeStore{service: hooks.Target{Type: hooks.TypeS3}}, &fakeSender{}, &fakeAction{}
	e := New(store, sender, slog.New(slog.DiscardHandler), Options{Actions: map[string]Action{hooks.TypeS3: s3}})
	e.attempt(t.Context(), hooks.Delivery{ID: "d", ServiceID: "s", Status: hooks.DeliveryPending})
	assert.Zero(t, sender.sent)
	require.Len(t, s3.jobs, 1)
	assert.Equal(t, map[string]string{"prefix": "p"}, s3.jobs[0].Params, "the hook's params")
	assert.Equal(t, hooks.DeliverySucceeded, store.recorded[0].Status)

	store.service.Type, store.recorded = hooks.TypeVidhost, nil
	e.attempt(t.Context(), hooks.Delivery{ID: "d", ServiceID: "s", Status: hooks.DeliveryPending})
	assert.Equal(t, hooks.DeliverySkipped, store.recorded[0].Status, "no action for the type")
}

func TestAttempt(t *testing.T) {
	t.Run("service deleted: failed with the reason", func(t *testing.T) {
		store, sender := &fakeStore{err: apperr.ErrNotFound}, &fakeSender{}
		e := New(store, sender, slog.New(slog.DiscardHandler), Options{})
		e.attempt(t.Context(), hooks.Delivery{ID: "d", ServiceID: "s", Status: hooks.DeliveryPending})
		assert.Zero(t, sender.sent)
		assert.Equal(t, hooks.DeliveryFailed, store.recorded[0].Status)
		assert.Equal(t, "the hook's service was deleted", store.recorded[0].LastError)
	})
	t.Run("service at its limit: later, not counted", func(t *testing.T) {
		store, sender := &fakeStore{service: hooks.Target{Type: hooks.TypeWebhook, URL: "https://x.example"}}, &fakeSender{}
		e := New(store, sender, slog.New(slog.DiscardHandler), Options{PerService: 1})
		e.now = func() time.Time { return now }
		assert.True(t, e.acquire("s"))
		e.attempt(t.Context(), hooks.Delivery{ID: "d", ServiceID: "s", Status: hooks.DeliveryPending, Attempts: 2})
		assert.Zero(t, sender.sent, "another attempt to s is in flight")
		assert.Equal(t, hooks.DeliveryPending, store.recorded[0].Status)
		assert.Equal(t, 2, store.recorded[0].Attempts)
		assert.Equal(t, now.Add(busyWait), store.recorded[0].NextAttempt)
		e.release("s")
		e.attempt(t.Context(), hooks.Delivery{ID: "d", ServiceID: "s", Status: hooks.DeliveryPending, Attempts: 2})
		assert.Equal(t, 1, sender.sent)
		assert.Equal(t, hooks.DeliverySucceeded, store.recorded[1].Status)
	})
}
