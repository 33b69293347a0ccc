package catalog

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/plans"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/pkg/roles"
)

// Why the live service refuses a publisher (AuthorizePublish); the publisher
// sees the reason where its protocol can carry one.
var (
	ErrStreamKeyUnknown = &apperr.NotAuthenticated{Reason: "unknown stream key"}
	ErrStreamKeyRevoked = &apperr.NotAuthenticated{Reason: "the stream key was revoked; rotate it to go live again"}
	ErrEventEnded       = &apperr.Refused{Reason: "the live event has ended: create a new event to go live again"}
	ErrEventDisabled    = &apperr.Refused{Reason: "the live event is disabled"}
)

// PublishGrant is what a publisher with a valid key may publish to.
type PublishGrant struct {
	VideoID   string
	AccountID string
	// Record says whether the recording becomes the event's VOD outputs.
	Record bool
	// MaxBitrate is the plan's ingest bitrate limit in bits per second; the
	// live service cuts a stream that stays above it.
	MaxBitrate int64
}

// GetStreamKey returns an event's stream key, in full only to a principal
// that may write (read-only credentials see it redacted).
func (s *Service) GetStreamKey(ctx context.Context, p principal.Principal, videoID string) (StreamKey, error) {
	if err := checkID(videoID); err != nil {
		return StreamKey{}, err
	}
	stored, err := s.store.GetStreamKey(ctx, p.AccountID, videoID)
	if err != nil {
		return StreamKey{}, err
	}
	return s.ingest.show(stored, mayWrite(p))
}

// RotateStreamKey gives an event a new key, usable again if the old one was
// revoked; the old key stops working at once (a publisher already live
// stays live until it disconnects).
func (s *Service) RotateStreamKey(ctx context.Context, p principal.Principal, videoID string) (StreamKey, error) {
	if err := checkID(videoID); err != nil {
		return StreamKey{}, err
	}
	key := newStreamKey()
	stored, err := commit(ctx, s, p, Updated, func(tx Tx) (StoredStreamKey, error) {
		if _, err := lockEvent(ctx, tx, p.AccountID, videoID); err != nil {
			return StoredStreamKey{}, err
		}
		return tx.ReplaceStreamKey(ctx, p.AccountID, p.ActorID, s.ingest.seal(p, videoID, key))
	})
	if err != nil {
		return StreamKey{}, err
	}
	return s.ingest.show(stored, true)
}

// RevokeStreamKey makes an event's key refused at ingest until it is
// rotated.
func (s *Service) RevokeStreamKey(ctx context.Context, p principal.Principal, videoID string) error {
	if err := checkID(videoID); err != nil {
		return err
	}
	_, err := commit(ctx, s, p, Deleted, func(tx Tx) (StoredStreamKey, error) {
		if _, err := lockEvent(ctx, tx, p.AccountID, videoID); err != nil {
			return StoredStreamKey{}, err
		}
		return tx.RevokeStreamKey(ctx, p.AccountID, p.ActorID, videoID)
	})
	return err
}

// AuthorizePublish finds the event key publishes to. A key of an event
// that has ended (processing, ready, error) or is disabled is refused too:
// an event goes live once (docs/live.md); so is one of an account the
// operator disabled or moved to a plan without live streaming (publishers
// already live are cut at their next key check).
func (s *Service) AuthorizePublish(ctx context.Context, key string) (PublishGrant, error) {
	if !wellFormedStreamKey(key) {
		return PublishGrant{}, ErrStreamKeyUnknown
	}
	stored, err := s.store.FindStreamKey(ctx, hashStreamKey(key))
	if errors.Is(err, apperr.ErrNotFound) {
		return PublishGrant{}, ErrStreamKeyUnknown
	}
	if err != nil {
		return PublishGrant{}, err
	}
	if stored.Revoked {
		return PublishGrant{}, ErrStreamKeyRevoked
	}
	plan, err := s.publishTerms(ctx, stored)
	if err != nil {
		return PublishGrant{}, err
	}
	v, err := s.store.GetVideo(ctx, stored.AccountID, stored.VideoID)
	if err != nil {
		return PublishGrant{}, err
	}
	switch {
	case v.Status != StatusPreparing && v.Status != StatusLive:
		return PublishGrant{}, ErrEventEnded
	case !v.Enabled:
		return PublishGrant{}, ErrEventDisabled
	}
	if err := s.admitLive(ctx, v, plan); err != nil {
		return PublishGrant{}, err
	}
	return PublishGrant{VideoID: v.ID, AccountID: v.AccountID, Record: true, MaxBitrate: plan.MaxIngestBitrate}, nil
}

// livePlan is the plan a key was issued under; a key issued before keys
// recorded the plan (or naming a plan since removed) gets the cheapest plan
// with live streaming, which its account had to have to create the event.
func livePlan(name string) plans.Plan {
	if p, ok := plans.Lookup(name); ok {
		return p
	}
	p, _ := plans.Cheapest(func(p plans.Plan) bool { return p.LiveStreaming })
	return p
}

// admissionWindow is how long an admitted publisher holds one of its
// plan's live events at once before its event is live. The live service
// rechecks a publisher's key every 5 s, and each grant renews the
// admission, so a publisher still connecting keeps its slot; one that left
// before live.started frees it within this window.
const admissionWindow = 15 * time.Second

// admitLive refuses an event that would take the account beyond its plan's
// live events at once, and otherwise records the admission. It counts the
// account's other events that are live or were admitted within
// admissionWindow (an event counts as live only once live.started arrives,
// about 3 s after its publisher connects), under a per-account lock so two
// publishers connecting at once are admitted one after the other. An event
// already live was admitted earlier, so the live service's periodic
// recheck does not cut it.
func (s *Service) admitLive(ctx context.Context, v Video, plan plans.Plan) error {
	if v.Status == StatusLive {
		return nil
	}
	return s.store.InTx(ctx, func(tx Tx) error {
		if err := tx.LockLiveAdmission(ctx, v.AccountID); err != nil {
			return err
		}
		n, err := tx.CountAdmittedEvents(ctx, v.AccountID, v.ID, admissionWindow)
		if err != nil {
			return err
		}
		if n >= plan.MaxLiveEvents {
			// Exhausted (ResourceExhausted): the live service tells a
			// limit from a refused key (SRT's reject code 1429).
			return &apperr.Exhausted{Reason: fmt.Sprintf(
				"the account already has %d live event(s), the most the %s plan allows at once: end one, or move to a larger plan",
				n, plan.Name)}
		}
		return tx.AdmitStreamKey(ctx, v.AccountID, v.ID)
	})
}

// mayWrite reports whether p holds read-write credentials, the only ones
// shown a stream key in full: not a read-only API key, not a person whose
// role may not change videos, not a key whose role ceiling is below that.
func mayWrite(p principal.Principal) bool {
	return !p.ReadOnly && p.HasRole(roles.Uploader)
}

// lockEvent locks the account's video id, which must be a live event: a
// vod has no stream key, so it is Not found like a missing one.
func lockEvent(ctx context.Context, tx Tx, accountID, id string) (Video, error) {
	v, err := tx.LockVideo(ctx, accountID, id)
	if err != nil {
		return Video{}, err
	}
	if v.Type != TypeEvent {
		return Video{}, apperr.ErrNotFound
	}
	return v, nil
}

// issueStreamKey gives a new event its key inside the transaction that
// creates it.
func (s *Service) issueStreamKey(ctx context.Context, tx Tx, p principal.Principal, v Video) error {
	if s.ingest.RTMPBase == "" {
		return errors.New("catalog: no live ingest configured (Service.WithIngest)")
	}
	_, err := tx.ReplaceStreamKey(ctx, p.AccountID, p.ActorID, s.ingest.seal(p, v.ID, newStreamKey()))
	return err
}

// withIngestURL fills an event's input with its RTMP ingest URL for p: the
// key in full only for a principal that may write. The stored video (and
// every event and audit entry made of it) never holds the key.
func (s *Service) withIngestURL(ctx context.Context, p principal.Principal, v Video) (Video, error) {
	if v.Type != TypeEvent {
		return v, nil
	}
	stored, err := s.store.GetStreamKey(ctx, p.AccountID, v.ID)
	if errors.Is(err, apperr.ErrNotFound) {
		return v, nil // an event made before stream keys existed: rotate to get one
	}
	if err != nil {
		return Video{}, err
	}
	key, err := s.ingest.show(stored, mayWrite(p))
	if err != nil {
		return Video{}, err
	}
	v.Input = key.RTMPURL
	return v, nil
}
