package app

import (
	"context"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"

	"github.com/vidhost/vidhost/services/live/internal/ingest"
)

// keyChecker asks the catalog whether a stream key may publish.
type keyChecker struct {
	client catalogv1.CatalogServiceClient
}

// AuthorizePublish passes the catalog's refusals (a wrong, revoked or
// ended key; the plan's live events at once taken) to the publisher in the
// catalog's words; anything else is the service being unavailable.
func (k keyChecker) AuthorizePublish(ctx context.Context, key string) (ingest.Grant, error) {
	g, err := k.client.AuthorizePublish(ctx, &catalogv1.AuthorizePublishRequest{Key: key})
	if err != nil {
		switch st := status.Convert(err); st.Code() {
		case codes.Unauthenticated, codes.FailedPrecondition, codes.NotFound:
			return ingest.Grant{}, &ingest.Refusal{Reason: st.Message(), Kind: ingest.KindForbidden}
		case codes.ResourceExhausted:
			return ingest.Grant{}, &ingest.Refusal{Reason: st.Message(), Kind: ingest.KindLimit}
		}
		return ingest.Grant{}, err
	}
	return ingest.Grant{VideoID: g.GetVideoId(), AccountID: g.GetAccountId(), Record: g.GetRecord(), MaxBitrate: g.GetMaxBitrate()}, nil
}
