package streamkeys

import (
	"context"
	"time"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
	"github.com/vidhost/vidhost/services/catalog/internal/txn"
)

// Service runs the stream keys' use cases. The caller (the gRPC handler)
// has already checked that the principal may read or write.
type Service struct {
	store  Store
	ingest catalog.Ingest
	now    func() time.Time
}

// New returns a Service over store that seals and shows keys with ingest
// (the catalog Service's own).
func New(store Store, ingest catalog.Ingest) *Service {
	return &Service{store: store, ingest: ingest, now: time.Now}
}

// Get returns an event's stream key, in full only to a principal that may
// write (read-only credentials see it redacted).
func (s *Service) Get(ctx context.Context, p principal.Principal, videoID string) (catalog.StreamKey, error) {
	if err := catalog.CheckID(videoID); err != nil {
		return catalog.StreamKey{}, err
	}
	stored, err := s.store.GetStreamKey(ctx, p.AccountID, videoID)
	if err != nil {
		return catalog.StreamKey{}, err
	}
	return s.ingest.Show(stored, catalog.MayWrite(p))
}

// Rotate gives an event a new key, usable again if the old one was
// revoked; the old key stops working at once (a publisher already live
// stays live until it disconnects).
func (s *Service) Rotate(ctx context.Context, p principal.Principal, videoID string) (catalog.StreamKey, error) {
	if err := catalog.CheckID(videoID); err != nil {
		return catalog.StreamKey{}, err
	}
	key := catalog.NewStreamKey()
	stored, err := s.commit(ctx, p, catalog.Updated, func(tx Tx) (catalog.StoredStreamKey, error) {
		if _, err := lockEvent(ctx, tx, p.AccountID, videoID); err != nil {
			return catalog.StoredStreamKey{}, err
		}
		return tx.ReplaceStreamKey(ctx, p.AccountID, p.ActorID, s.ingest.Seal(p, videoID, key))
	})
	if err != nil {
		return catalog.StreamKey{}, err
	}
	return s.ingest.Show(stored, true)
}

// Revoke makes an event's key refused at ingest until it is rotated.
func (s *Service) Revoke(ctx context.Context, p principal.Principal, videoID string) error {
	if err := catalog.CheckID(videoID); err != nil {
		return err
	}
	_, err := s.commit(ctx, p, catalog.Deleted, func(tx Tx) (catalog.StoredStreamKey, error) {
		if _, err := lockEvent(ctx, tx, p.AccountID, videoID); err != nil {
			return catalog.StoredStreamKey{}, err
		}
		return tx.RevokeStreamKey(ctx, p.AccountID, p.ActorID, videoID)
	})
	return err
}

// commit runs write and records the event of its key (audited only, never
// with the secret) in one transaction.
func (s *Service) commit(ctx context.Context, p principal.Principal, kind catalog.EventKind,
	write func(Tx) (catalog.StoredStreamKey, error)) (catalog.StoredStreamKey, error) {
	return txn.Commit(ctx, s.store.InTx, write, func(k catalog.StoredStreamKey) catalog.Event {
		return catalog.NewEvent(p, kind, s.now(), k)
	})
}

// lockEvent locks the account's video id, which must be a live event: a
// vod has no stream key, so it is Not found like a missing one.
func lockEvent(ctx context.Context, tx Tx, accountID, id string) (catalog.Video, error) {
	v, err := tx.LockVideo(ctx, accountID, id)
	if err != nil {
		return catalog.Video{}, err
	}
	if v.Type != catalog.TypeEvent {
		return catalog.Video{}, apperr.ErrNotFound
	}
	return v, nil
}
