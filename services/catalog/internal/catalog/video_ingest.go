package catalog

import (
	"context"
	"errors"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/pkg/roles"
)

// MayWrite reports whether p holds read-write credentials, the only ones
// shown a stream key in full: not a read-only API key, not a person whose
// role may not change videos, not a key whose role ceiling is below that.
func MayWrite(p principal.Principal) bool {
	return !p.ReadOnly && p.HasRole(roles.Uploader)
}

// issueStreamKey gives a new event its key inside the transaction that
// creates it. Its later changes are internal/streamkeys'.
func (s *Service) issueStreamKey(ctx context.Context, tx Tx, p principal.Principal, v Video) error {
	if s.ingest.RTMPBase == "" {
		return errors.New("catalog: no live ingest configured (Service.WithIngest)")
	}
	_, err := tx.ReplaceStreamKey(ctx, p.AccountID, p.ActorID, s.ingest.Seal(p, v.ID, NewStreamKey()))
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
	key, err := s.ingest.Show(stored, MayWrite(p))
	if err != nil {
		return Video{}, err
	}
	v.Input = key.RTMPURL
	return v, nil
}
