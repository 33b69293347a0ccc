package testbackend

import (
	"context"
	"fmt"
	"sync"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/metadata"
	"google.golang.org/grpc/status"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/logx"
	"github.com/vidhost/vidhost/pkg/principal"
	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"
)

// Seen is what the last call to the catalog fake carried.
type Seen struct {
	Principal  principal.Principal
	RequestID  string
	Metadata   metadata.MD
	UpdateMask []string
	Limit      *int32
	Cursor     string
}

// CategoryErrors are the errors GetCategory returns for these ids, one per
// kind of failure the gateway maps.
var CategoryErrors = map[string]error{
	"missing":  apperr.ErrNotFound,
	"invalid":  apperr.InvalidField("name", "must be 1-40 characters"),
	"denied":   &apperr.Denied{Reason: "not yours"},
	"conflict": &apperr.Conflict{Reason: "value already used"},
	"quota":    &apperr.Exhausted{Code: "upload_quota_bytes", Reason: "upload quota reached"},
	"refused":  &apperr.Refused{Code: "uploads_disabled", Reason: "uploads are disabled"},
	"down":     status.Error(codes.Unavailable, "database is down at 10.0.0.5"),
	// A service's own deadline ran out (a slow query): a timeout, not an
	// internal error.
	"deadline": fmt.Errorf("list categories: %w", context.DeadlineExceeded),
	// Statuses whose text a service should never have sent: the gateway
	// must hide it all the same.
	"boom":    status.Error(codes.Internal, "pq: password authentication failed for user vidhost"),
	"unknown": status.Error(codes.Unknown, "runtime error: index out of range"),
}

// SlowCategory is the id GetCategory answers only when the call's deadline
// has passed, for the gateway's own timeout.
const SlowCategory = "slow"

// Catalog fakes CatalogService with fixed players and categories.
type Catalog struct {
	catalogv1.UnimplementedCatalogServiceServer
	mu   sync.Mutex
	seen Seen
}

// Last returns what the last call carried.
func (f *Catalog) Last() Seen {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.seen
}

func (f *Catalog) record(ctx context.Context, update func(*Seen)) {
	md, _ := metadata.FromIncomingContext(ctx)
	p, _ := principal.FromContext(ctx)
	seen := Seen{Principal: p, RequestID: logx.RequestID(ctx), Metadata: md}
	if update != nil {
		update(&seen)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.seen = seen
}
