package app

import (
	"context"
	"log/slog"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"

	"github.com/vidhost/vidhost/pkg/simulcast"
	"github.com/vidhost/vidhost/services/live/internal/ingest"
	"github.com/vidhost/vidhost/services/live/internal/restream"
)

// keyChecker asks the catalog whether a stream key may publish.
type keyChecker struct {
	client catalogv1.CatalogServiceClient
	// allowLoopback is VIDHOST_RESTREAM_ALLOW_LOOPBACK: whether an output
	// may name this machine.
	allowLoopback bool
	logger        *slog.Logger
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
	return ingest.Grant{VideoID: g.GetVideoId(), AccountID: g.GetAccountId(), Record: g.GetRecord(),
		MaxBitrate: g.GetMaxBitrate(), Restreams: k.targets(g)}, nil
}

// targets are the grant's outputs whose URL follows the rule (the catalog
// checked it when it was saved; a rule tightened since leaves it out, and
// the address guard checks what the name resolves to when it dials).
func (k keyChecker) targets(g *catalogv1.PublishGrant) []restream.Target {
	var out []restream.Target
	for _, t := range g.GetRestreams() {
		u, err := simulcast.Parse(t.GetUrl(), k.allowLoopback)
		if err != nil {
			k.logger.Warn("restream output left out", "video_id", g.GetVideoId(), "output", t.GetId(), "error", err)
			continue
		}
		out = append(out, restream.Target{ID: t.GetId(), URL: u, Key: t.GetStreamKey()})
	}
	return out
}
