package streamkeys

import (
	"context"
	"errors"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
)

// Why the live service refuses a publisher (AuthorizePublish); the publisher
// sees the reason where its protocol can carry one.
var (
	ErrStreamKeyUnknown = &apperr.NotAuthenticated{Reason: "unknown stream key"}
	ErrStreamKeyRevoked = &apperr.NotAuthenticated{Reason: "the stream key was revoked; rotate it to go live again"}
	ErrEventEnded       = &apperr.Refused{Reason: "the live event has ended: create a new event to go live again"}
	ErrEventDisabled    = &apperr.Refused{Reason: "the live event is disabled"}
	// ErrAccountDisabled refuses the publishers of an account the operator
	// has disabled.
	ErrAccountDisabled = &apperr.Refused{Reason: "the account is disabled"}
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
	// MaxRestreams is the plan's restreams per event: how many of the
	// event's enabled outputs the live service sends the stream to.
	MaxRestreams int
}

// AuthorizePublish finds the event key publishes to. A key of an event
// that has ended (processing, ready, error) or is disabled is refused too:
// an event goes live once (docs/live.md); so is one of an account the
// operator disabled or moved to a plan without live streaming (publishers
// already live are cut at their next key check).
func (s *Service) AuthorizePublish(ctx context.Context, key string) (PublishGrant, error) {
	if !catalog.WellFormedStreamKey(key) {
		return PublishGrant{}, ErrStreamKeyUnknown
	}
	stored, err := s.store.FindStreamKey(ctx, catalog.HashStreamKey(key))
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
	case v.Status != catalog.StatusPreparing && v.Status != catalog.StatusLive:
		return PublishGrant{}, ErrEventEnded
	case !v.Enabled:
		return PublishGrant{}, ErrEventDisabled
	}
	if err := s.admitLive(ctx, v, plan); err != nil {
		return PublishGrant{}, err
	}
	return PublishGrant{VideoID: v.ID, AccountID: v.AccountID, Record: true, MaxBitrate: plan.MaxIngestBitrate,
		MaxRestreams: plan.MaxRestreams}, nil
}
