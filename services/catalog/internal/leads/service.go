package leads

import (
	"context"
	"maps"
	"time"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/page"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
)

// Service runs the leads' use cases. The caller (the gRPC handler) has
// already checked that the principal may read or write.
type Service struct {
	store Store
	now   func() time.Time
}

// New returns a Service over store.
func New(store Store) *Service {
	return &Service{store: store, now: time.Now}
}

// Submit stores a viewer's answer to a gate. It has no principal: the
// public playback edge calls it once the viewer may see the video (privacy
// is the edge's to enforce). A video that does not exist or is disabled is
// apperr.ErrNotFound, as it is to the edge; a gate it does not have, or
// fields that do not fit the gate, are a 400. No event is published: it
// would copy personal data into a stream that an erasure cannot reach.
func (s *Service) Submit(ctx context.Context, in Submission) (Lead, error) {
	if err := catalog.CheckID(in.VideoID); err != nil {
		return Lead{}, err
	}
	v, err := s.store.FindVideo(ctx, in.VideoID)
	if err != nil {
		return Lead{}, err
	}
	if !v.Enabled {
		return Lead{}, apperr.ErrNotFound
	}
	g, ok := gateOf(v, in.GateID)
	if !ok {
		return Lead{}, errNoSuchGate
	}
	if err := in.checkAgainst(g); err != nil {
		return Lead{}, err
	}
	lead := Lead{ID: ids.New(), AccountID: v.AccountID, VideoID: v.ID, GateID: g.ID,
		Fields: maps.Clone(in.Fields), Checkbox: in.Checkbox}
	var saved Lead
	// A video deleted meanwhile takes its leads along: the insert then
	// fails its foreign key, which the store reports as Not found.
	err = s.store.InTx(ctx, func(tx Tx) error {
		saved, err = tx.InsertLead(ctx, v.AccountID, lead)
		return err
	})
	return saved, err
}

// List returns a page of the leads of one of the account's videos,
// oldest first. Another account's video is Not found.
func (s *Service) List(ctx context.Context, p principal.Principal, videoID string, req page.Request) ([]Lead, string, error) {
	if err := catalog.CheckID(videoID); err != nil {
		return nil, "", err
	}
	if _, err := s.store.GetVideo(ctx, p.AccountID, videoID); err != nil {
		return nil, "", err
	}
	return page.List(req,
		func() ([]Lead, error) { return s.store.ListLeads(ctx, p.AccountID, videoID, req) },
		func(l Lead) page.Cursor { return page.Cursor{Time: l.CreatedTime, ID: l.ID} })
}

// Delete erases one lead of one of the account's videos for good, as
// a person may ask of the customer.
func (s *Service) Delete(ctx context.Context, p principal.Principal, videoID, id string) error {
	if err := catalog.CheckID(videoID); err != nil {
		return err
	}
	if err := catalog.CheckID(id); err != nil {
		return err
	}
	return s.store.InTx(ctx, func(tx Tx) error {
		if err := tx.DeleteLead(ctx, p.AccountID, videoID, id); err != nil {
			return err
		}
		// The audit log records which lead went, never what it held: the
		// erasure must not live on in the log.
		return tx.Emit(ctx, catalog.NewEvent(p, catalog.Deleted, s.now(), Lead{ID: id, AccountID: p.AccountID, VideoID: videoID}))
	})
}
