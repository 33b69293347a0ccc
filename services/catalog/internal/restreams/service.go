package restreams

import (
	"context"
	"fmt"
	"time"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/netguard"
	"github.com/vidhost/vidhost/pkg/page"
	"github.com/vidhost/vidhost/pkg/plans"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/pkg/secrets"
	"github.com/vidhost/vidhost/pkg/simulcast"
	"github.com/vidhost/vidhost/pkg/validate"
	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
	"github.com/vidhost/vidhost/services/catalog/internal/txn"
)

// Service runs the restreams' use cases. The caller (the gRPC handler)
// has already checked that the principal may read or write.
type Service struct {
	store Store
	box   secrets.Box
	urls  netguard.URLPolicy
	now   func() time.Time
}

// New returns a Service over store that seals keys with box (purpose
// secrets.RestreamKey). allowLoopback admits outputs on this machine, for
// the devstack's test receivers; production refuses them.
func New(store Store, box secrets.Box, allowLoopback bool) *Service {
	return &Service{store: store, box: box, urls: simulcast.URLPolicy(allowLoopback), now: time.Now}
}

// ErrEventEnded refuses a new output on an event that went live and ended.
var ErrEventEnded = &apperr.Refused{Reason: "the live event has ended: restreams apply to an event that has not ended"}

// Create adds an output to one of the account's live events, within its
// plan's number of restreams per event.
func (s *Service) Create(ctx context.Context, p principal.Principal, videoID string, in Input) (Restream, error) {
	in, err := in.validate(s.urls)
	if err != nil {
		return Restream{}, err
	}
	if err := catalog.CheckID(videoID); err != nil {
		return Restream{}, err
	}
	r := Restream{ID: ids.New(), VideoID: videoID, AccountID: p.AccountID, Name: in.Name, URL: in.URL, Enabled: in.Enabled}
	r.Sealed = s.seal(r, in.Key)
	return s.commit(ctx, p, catalog.Created, func(tx Tx) (Restream, error) {
		v, err := lockEvent(ctx, tx, p.AccountID, videoID)
		if err != nil {
			return Restream{}, err
		}
		if v.Status != catalog.StatusPreparing && v.Status != catalog.StatusLive {
			return Restream{}, ErrEventEnded
		}
		if err := checkRoom(ctx, tx, p, videoID); err != nil {
			return Restream{}, err
		}
		saved, err := tx.InsertRestream(ctx, p.AccountID, p.ActorID, r)
		return saved.shownOn(v), err
	})
}

// checkRoom refuses an output beyond the plan's restreams per event.
func checkRoom(ctx context.Context, tx Tx, p principal.Principal, videoID string) error {
	n, err := tx.CountRestreams(ctx, p.AccountID, videoID)
	if err != nil {
		return err
	}
	if n < planOf(p.Plan).MaxRestreams {
		return nil
	}
	return plans.Required(fmt.Sprintf("a live event with more than %d restreams", n),
		func(plan plans.Plan) bool { return plan.MaxRestreams > n })
}

// planOf is the plan called name, or the cheapest (as the upload quota
// does for a principal with no known plan).
func planOf(name string) plans.Plan {
	if p, ok := plans.Lookup(name); ok {
		return p
	}
	return plans.All()[0]
}

// List returns a page of an event's outputs, oldest first.
func (s *Service) List(ctx context.Context, p principal.Principal, videoID string, req page.Request) ([]Restream, string, error) {
	v, err := s.event(ctx, p, videoID)
	if err != nil {
		return nil, "", err
	}
	items, next, err := page.List(req,
		func() ([]Restream, error) { return s.store.ListRestreams(ctx, p.AccountID, videoID, req) },
		func(r Restream) page.Cursor { return page.Cursor{Time: r.CreatedTime, ID: r.ID} })
	for i := range items {
		items[i] = items[i].shownOn(v)
	}
	return items, next, err
}

// Get returns one output of one of the account's events.
func (s *Service) Get(ctx context.Context, p principal.Principal, videoID, id string) (Restream, error) {
	v, err := s.event(ctx, p, videoID)
	if err != nil {
		return Restream{}, err
	}
	if err := catalog.CheckID(id); err != nil {
		return Restream{}, err
	}
	r, err := s.store.GetRestream(ctx, p.AccountID, videoID, id)
	return r.shownOn(v), err
}

// Patch is an update: the fields named in Paths are taken from Values.
type Patch struct {
	Paths  []string
	Values Input
}

// updatable are the paths a PATCH may name.
var updatable = map[string]bool{"name": true, "url": true, "stream_key": true, "enabled": true}

// Update changes an output. A running stream follows within seconds: the
// live service syncs its outputs at each check of the publisher's key.
func (s *Service) Update(ctx context.Context, p principal.Principal, videoID, id string, patch Patch) (Restream, error) {
	if err := validate.Mask(patch.Paths, func(path string) bool { return updatable[path] }, "a restream"); err != nil {
		return Restream{}, err
	}
	if err := validate.First(catalog.CheckID(videoID), catalog.CheckID(id)); err != nil {
		return Restream{}, err
	}
	return s.commit(ctx, p, catalog.Updated, func(tx Tx) (Restream, error) {
		v, err := lockEvent(ctx, tx, p.AccountID, videoID)
		if err != nil {
			return Restream{}, err
		}
		current, err := tx.LockRestream(ctx, p.AccountID, videoID, id)
		if err != nil {
			return Restream{}, err
		}
		next, err := s.apply(current, patch)
		if err != nil {
			return Restream{}, err
		}
		saved, err := tx.UpdateRestream(ctx, p.AccountID, p.ActorID, next)
		return saved.shownOn(v), err
	})
}

// apply returns current with patch's fields, validated as a whole and the
// key sealed again when it changed.
func (s *Service) apply(current Restream, patch Patch) (Restream, error) {
	in := Input{Name: current.Name, URL: current.URL, Enabled: current.Enabled}
	keyChanged := false
	for _, path := range patch.Paths {
		switch path {
		case "name":
			in.Name = patch.Values.Name
		case "url":
			in.URL = patch.Values.URL
		case "stream_key":
			in.Key, keyChanged = patch.Values.Key, true
		case "enabled":
			in.Enabled = patch.Values.Enabled
		}
	}
	in, err := in.validate(s.urls)
	if err != nil {
		return Restream{}, err
	}
	next := current
	next.Name, next.URL, next.Enabled = in.Name, in.URL, in.Enabled
	if keyChanged {
		next.Sealed = s.seal(next, in.Key)
	}
	return next, nil
}

// Delete removes an output; a running stream stops sending to it within
// seconds.
func (s *Service) Delete(ctx context.Context, p principal.Principal, videoID, id string) error {
	if err := validate.First(catalog.CheckID(videoID), catalog.CheckID(id)); err != nil {
		return err
	}
	_, err := s.commit(ctx, p, catalog.Deleted, func(tx Tx) (Restream, error) {
		if _, err := lockEvent(ctx, tx, p.AccountID, videoID); err != nil {
			return Restream{}, err
		}
		return tx.DeleteRestream(ctx, p.AccountID, videoID, id)
	})
	return err
}

// event returns one of the account's live events; a VOD has no restreams,
// so it is Not found like a missing video.
func (s *Service) event(ctx context.Context, p principal.Principal, videoID string) (catalog.Video, error) {
	if err := catalog.CheckID(videoID); err != nil {
		return catalog.Video{}, err
	}
	v, err := s.store.GetVideo(ctx, p.AccountID, videoID)
	if err == nil && v.Type != catalog.TypeEvent {
		return catalog.Video{}, apperr.ErrNotFound
	}
	return v, err
}

// lockEvent is event inside a transaction, the event's row locked.
func lockEvent(ctx context.Context, tx Tx, accountID, videoID string) (catalog.Video, error) {
	v, err := tx.LockVideo(ctx, accountID, videoID)
	if err == nil && v.Type != catalog.TypeEvent {
		return catalog.Video{}, apperr.ErrNotFound
	}
	return v, err
}

// commit runs write and records the audit event of its output (never its
// key) in one transaction.
func (s *Service) commit(ctx context.Context, p principal.Principal, kind catalog.EventKind,
	write func(Tx) (Restream, error)) (Restream, error) {
	return txn.Commit(ctx, s.store.InTx, write, func(r Restream) catalog.Event {
		return catalog.NewEvent(p, kind, s.now(), r)
	})
}
