package catalog

import (
	"context"
	"maps"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/page"
	"github.com/vidhost/vidhost/pkg/principal"
)

// SubmitLead stores a viewer's answer to a gate. It has no principal: the
// public playback edge calls it once the viewer may see the video (privacy
// is the edge's to enforce). A video that does not exist or is disabled is
// apperr.ErrNotFound, as it is to the edge; a gate it does not have, or
// fields that do not fit the gate, are a 400. No event is published: it
// would copy personal data into a stream that an erasure cannot reach.
func (s *Service) SubmitLead(ctx context.Context, in LeadSubmission) (Lead, error) {
	if err := checkID(in.VideoID); err != nil {
		return Lead{}, err
	}
	v, err := s.store.FindVideo(ctx, in.VideoID)
	if err != nil {
		return Lead{}, err
	}
	if !v.Enabled {
		return Lead{}, apperr.ErrNotFound
	}
	g, ok := v.gate(in.GateID)
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

// ListLeads returns a page of the leads of one of the account's videos,
// oldest first. Another account's video is Not found.
func (s *Service) ListLeads(ctx context.Context, p principal.Principal, videoID string, req page.Request) ([]Lead, string, error) {
	if err := checkID(videoID); err != nil {
		return nil, "", err
	}
	if _, err := s.store.GetVideo(ctx, p.AccountID, videoID); err != nil {
		return nil, "", err
	}
	return page.List(req,
		func() ([]Lead, error) { return s.store.ListLeads(ctx, p.AccountID, videoID, req) },
		func(l Lead) page.Cursor { return page.Cursor{Time: l.CreatedTime, ID: l.ID} })
}

// DeleteLead erases one lead of one of the account's videos for good, as
// a person may ask of the customer.
func (s *Service) DeleteLead(ctx context.Context, p principal.Principal, videoID, id string) error {
	if err := checkID(videoID); err != nil {
		return err
	}
	if err := checkID(id); err != nil {
		return err
	}
	return s.store.InTx(ctx, func(tx Tx) error {
		if err := tx.DeleteLead(ctx, p.AccountID, videoID, id); err != nil {
			return err
		}
		// The audit log records which lead went, never what it held: the
		// erasure must not live on in the log.
		return tx.Emit(ctx, s.event(p, Deleted, Lead{ID: id, AccountID: p.AccountID, VideoID: videoID}))
	})
}
