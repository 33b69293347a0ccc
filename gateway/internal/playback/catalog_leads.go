package playback

import (
	"context"
	"fmt"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"
)

// CatalogLeadSink stores leads in the catalog with its internal SubmitLead
// RPC (no principal: the edge has already checked the viewer may see the
// video). The catalog checks the video, the gate and the fields again, so a
// gate deleted since the edge's cached lookup is refused there.
type CatalogLeadSink struct {
	Catalog catalogv1.CatalogServiceClient
}

// Submit implements LeadSink: InvalidArgument is an *InvalidLeadError
// carrying the catalog's message, NotFound is ErrLeadVideoNotFound, and any
// other failure wraps errUpstream.
func (s CatalogLeadSink) Submit(ctx context.Context, lead Lead) error {
	ctx, cancel := context.WithTimeout(ctx, backendTimeout)
	defer cancel()
	_, err := s.Catalog.SubmitLead(ctx, &catalogv1.SubmitLeadRequest{
		VideoId: lead.VideoID, GateId: lead.GateID, Fields: lead.Fields, Checkbox: lead.Checkbox,
	})
	switch st, _ := status.FromError(err); st.Code() {
	case codes.OK:
		return nil
	case codes.InvalidArgument:
		return &InvalidLeadError{Message: st.Message()}
	case codes.NotFound:
		return fmt.Errorf("video %s: %w", lead.VideoID, ErrLeadVideoNotFound)
	}
	return fmt.Errorf("%w: catalog: submit lead: %w", errUpstream, err)
}
