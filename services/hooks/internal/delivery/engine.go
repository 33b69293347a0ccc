package delivery

import (
	"context"
	"errors"
	"log/slog"
	"maps"
	"sync"
	"time"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/metrics"
	"github.com/vidhost/vidhost/pkg/netguard"
	"github.com/vidhost/vidhost/services/hooks/internal/action"
	"github.com/vidhost/vidhost/services/hooks/internal/hooks"
	"github.com/vidhost/vidhost/services/hooks/internal/webhook"
)

// Store is what the engine needs of the database.
type Store interface {
	// ClaimDue leases up to limit due deliveries, at most perService of
	// one service less its count in inFlight.
	ClaimDue(ctx context.Context, leaseUntil time.Time, limit int32, perService int, inFlight map[string]int) ([]hooks.Delivery, error)
	OpenService(ctx context.Context, accountID, id string) (hooks.Target, error)
	RecordAttempt(ctx context.Context, d hooks.Delivery) error
	// GetHook reads the delivery's hook, for its params.
	GetHook(ctx context.Context, accountID, id string) (hooks.Hook, error)
	// ExtendLease keeps a claimed delivery leased for a longer attempt.
	ExtendLease(ctx context.Context, d hooks.Delivery, leaseUntil time.Time) error
}

// Action runs the videos.insert action of a service type other than
// webhook (action.Vidhost, action.S3): one attempt.
type Action interface {
	Run(ctx context.Context, j action.Job) action.Result
}

// Sender makes one attempt (webhook.Sender).
type Sender interface {
	Send(ctx context.Context, m webhook.Message) webhook.Result
}

// Options tune the engine; zero fields take the defaults.
type Options struct {
	// Workers is how many attempts run at once (default 16).
	Workers int
	// PerService is how many of them may go to one service (default 4).
	PerService int
	// Poll is how often due deliveries are looked for (default 1 s).
	Poll time.Duration
	// Lease is how long a claimed delivery is someone's before it is due
	// again (default 1 min; longer than an attempt can take).
	Lease time.Duration
	// Schedule is the retry schedule (default hooks.RetrySchedule).
	Schedule []time.Duration
	// Actions run the deliveries of each service type but webhook; a type
	// without one is skipped ("not delivered yet").
	Actions map[string]Action
	// ActionLease is how long the attempt of an action is leased, longer
	// than Lease for copies (default 1 h).
	ActionLease time.Duration
}

func (o Options) withDefaults() Options {
	if o.Workers <= 0 {
		o.Workers = 16
	}
	if o.PerService <= 0 {
		o.PerService = 4
	}
	if o.Poll <= 0 {
		o.Poll = time.Second
	}
	if o.Lease <= 0 {
		o.Lease = time.Minute
	}
	if o.Schedule == nil {
		o.Schedule = hooks.RetrySchedule
	}
	if o.ActionLease <= 0 {
		o.ActionLease = time.Hour
	}
	return o
}

// busyWait is how long a delivery whose service is at its limit waits.
const busyWait = time.Second

// Engine sends due deliveries until its context ends.
type Engine struct {
	store  Store
	sender Sender
	logger *slog.Logger
	opts   Options
	now    func() time.Time

	workers    chan struct{}
	wake       chan struct{}
	mu         sync.Mutex
	perService map[string]int
}

// New returns an engine.
func New(store Store, sender Sender, logger *slog.Logger, opts Options) *Engine {
	opts = opts.withDefaults()
	return &Engine{store: store, sender: sender, logger: logger, opts: opts, now: time.Now,
		workers: make(chan struct{}, opts.Workers), wake: make(chan struct{}, 1), perService: map[string]int{}}
}

// Wake makes the engine look for due deliveries now rather than at its
// next poll: called when this process has just recorded some, so a
// delivery leaves within milliseconds of its event. Other replicas find
// them at their next poll.
func (e *Engine) Wake() {
	select {
	case e.wake <- struct{}{}:
	default: // a wake-up is already pending
	}
}

// Run claims and sends due deliveries until ctx is done, then waits for
// the attempts in flight (each bounded by the sender's timeout).
func (e *Engine) Run(ctx context.Context) {
	var inFlight sync.WaitGroup
	defer inFlight.Wait()
	ticker := time.NewTicker(e.opts.Poll)
	defer ticker.Stop()
	for {
		e.claimAndSend(ctx, &inFlight)
		select {
		case <-ctx.Done():
			return
		case <-ticker.C:
		case <-e.wake:
		}
	}
}

// claimAndSend claims as many due deliveries as there are free workers and
// starts an attempt for each.
func (e *Engine) claimAndSend(ctx context.Context, inFlight *sync.WaitGroup) {
	free := cap(e.workers) - len(e.workers)
	if free == 0 || ctx.Err() != nil {
		return
	}
	claimed, err := e.store.ClaimDue(ctx, e.now().Add(e.opts.Lease), int32(free), e.opts.PerService, e.inFlight()) //nolint:gosec // at most Workers
	if err != nil {
		e.logger.Warn("claim deliveries", "error", err)
		return
	}
	for _, d := range claimed {
		e.workers <- struct{}{}
		// The service's slot is taken here, before the next claim counts
		// what is in flight.
		acquired := e.acquire(d.ServiceID)
		inFlight.Go(func() {
			// A freed worker (and service slot) claims again at once: a
			// backlog drains at the receivers' pace, not the poll's.
			defer e.Wake()
			defer func() { <-e.workers }()
			e.attemptWith(context.WithoutCancel(ctx), d, acquired)
		})
	}
}

// attempt sends d once, unless its service is at its limit, and records
// what happened.
func (e *Engine) attempt(ctx context.Context, d hooks.Delivery) {
	e.attemptWith(ctx, d, e.acquire(d.ServiceID))
}

// attemptWith is attempt once the service's slot was asked for: acquired
// tells whether it was had (and must be released).
func (e *Engine) attemptWith(ctx context.Context, d hooks.Delivery, acquired bool) {
	if !acquired {
		d.NextAttempt = e.now().Add(busyWait) // not an attempt: no count, no backoff
		e.record(ctx, d)
		return
	}
	defer e.release(d.ServiceID)
	service, err := e.store.OpenService(ctx, d.AccountID, d.ServiceID)
	switch {
	case errors.Is(err, apperr.ErrNotFound):
		d.Status, d.LastError, d.NextAttempt = hooks.DeliveryFailed, "the hook's service was deleted", time.Time{}
		e.record(ctx, d)
		return
	case err != nil:
		e.logger.Warn("delivery: read service", "delivery_id", d.ID, "error", err) // the lease expires: retried
		return
	case service.Type != hooks.TypeWebhook:
		e.runAction(ctx, d, service)
		return
	}
	now := e.now()
	result := e.sender.Send(ctx, webhook.Message{URL: service.URL, ID: d.ID, Time: now, Body: d.Payload,
		Secrets: signingSecrets(service.Credentials, now)})
	e.record(ctx, outcome(d, result, now, e.opts.Schedule))
}

// runAction runs the action of a vidhost or s3 service once, under a
// lease long enough for a copy.
func (e *Engine) runAction(ctx context.Context, d hooks.Delivery, service hooks.Target) {
	run, ok := e.opts.Actions[service.Type]
	if !ok {
		d.Status, d.NextAttempt = hooks.DeliverySkipped, time.Time{}
		d.LastError = "the videos.insert action of a " + service.Type + " service is not delivered yet"
		e.record(ctx, d)
		return
	}
	if err := e.store.ExtendLease(ctx, d, e.now().Add(e.opts.ActionLease)); err != nil {
		e.logger.Warn("delivery: extend lease", "delivery_id", d.ID, "error", err) // the lease expires: retried
		return
	}
	params := map[string]string{}
	hook, err := e.store.GetHook(ctx, d.AccountID, d.HookID)
	switch {
	case err == nil:
		for _, p := range hook.Params {
			params[p.Field] = p.Value
		}
	case !errors.Is(err, apperr.ErrNotFound): // a deleted hook's delivery runs without params
		e.logger.Warn("delivery: read hook", "delivery_id", d.ID, "error", err)
		return
	}
	now := e.now()
	result := run.Run(ctx, action.Job{Delivery: d, Service: service, Params: params})
	if result.Err != nil { // the delivery's last_error says less: no address of ours
		e.logger.Info("delivery attempt failed", "delivery_id", d.ID, "error", netguard.Detail(result.Err))
	}
	e.record(ctx, outcome(d, result, now, e.opts.Schedule))
}

// outcome is d after an attempt that got result at now.
func outcome(d hooks.Delivery, result webhook.Result, now time.Time, schedule []time.Duration) hooks.Delivery {
	d.Attempts++
	d.LastStatus, d.LastLatency = result.Status, result.Latency
	if result.Err == nil {
		d.Status, d.LastError, d.NextAttempt = hooks.DeliverySucceeded, "", time.Time{}
		return d
	}
	d.LastError = result.Err.Error()
	if wait, ok := hooks.NextWait(schedule, d.Attempts); ok {
		d.Status, d.NextAttempt = hooks.DeliveryPending, now.Add(wait)
		return d
	}
	d.Status, d.NextAttempt = hooks.DeliveryFailed, time.Time{}
	return d
}

// signingSecrets are the secrets a delivery is signed with now: the
// current one, and the previous one during its grace period.
func signingSecrets(c hooks.Credentials, now time.Time) []string {
	secrets := []string{c.Secret}
	if c.PreviousSecret != "" && now.Before(c.PreviousSecretExpires) {
		secrets = append(secrets, c.PreviousSecret)
	}
	return secrets
}

func (e *Engine) record(ctx context.Context, d hooks.Delivery) {
	metrics.HookDeliveries.WithLabelValues(d.Status).Inc()
	ctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := e.store.RecordAttempt(ctx, d); err != nil {
		// The lease expires and the delivery is attempted again: at
		// least once, deduplicated by the receiver on its id.
		e.logger.Warn("delivery: record attempt", "delivery_id", d.ID, "error", err)
	}
}

// inFlight is how many attempts each service has running now: a claim
// takes only what their limits leave.
func (e *Engine) inFlight() map[string]int {
	e.mu.Lock()
	defer e.mu.Unlock()
	return maps.Clone(e.perService)
}

func (e *Engine) acquire(serviceID string) bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.perService[serviceID] >= e.opts.PerService {
		return false
	}
	e.perService[serviceID]++
	return true
}

func (e *Engine) release(serviceID string) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.perService[serviceID]--; e.perService[serviceID] <= 0 {
		delete(e.perService, serviceID)
	}
}
