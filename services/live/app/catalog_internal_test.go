package app

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"

	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"

	"github.com/vidhost/vidhost/services/live/internal/ingest"
)

// answering is a catalog client whose AuthorizePublish answers err (the
// catalog's own status codes are checked in its server tests; this checks
// how the live service sorts them).
type answering struct {
	catalogv1.CatalogServiceClient
	err error
}

func (a answering) AuthorizePublish(context.Context, *catalogv1.AuthorizePublishRequest, ...grpc.CallOption) (*catalogv1.PublishGrant, error) {
	return nil, a.err
}

// The catalog's refusals reach the publisher in its words, sorted into the
// kinds SRT sends as reject codes; other failures are the service being
// unavailable, whose details the publisher is not told.
func TestKeyCheckerSortsTheCatalogsRefusals(t *testing.T) {
	tests := []struct {
		code    codes.Code
		kind    ingest.RefusalKind
		refusal bool
	}{
		{codes.Unauthenticated, ingest.KindForbidden, true},    // unknown or revoked key
		{codes.FailedPrecondition, ingest.KindForbidden, true}, // event ended or disabled
		{codes.NotFound, ingest.KindForbidden, true},
		{codes.ResourceExhausted, ingest.KindLimit, true}, // the plan's live events at once
		{codes.Unavailable, 0, false},
		{codes.Internal, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.code.String(), func(t *testing.T) {
			k := keyChecker{client: answering{err: status.Error(tt.code, "why")}}
			_, err := k.AuthorizePublish(t.Context(), "vhlive_x")
			require.Error(t, err)
			var refusal *ingest.Refusal
			if !tt.refusal {
				assert.False(t, errors.As(err, &refusal), "not shown to the publisher: %v", err)
				return
			}
			require.ErrorAs(t, err, &refusal)
			assert.Equal(t, "why", refusal.Reason)
			assert.Equal(t, tt.kind, refusal.Kind)
		})
	}
}
