package catalog

import (
	"context"
	"log/slog"
	"time"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/services/catalog/internal/txn"
)

// Service runs the catalog's use cases for an authenticated principal. The
// caller (the gRPC handler) has already checked that the principal may read
// or write.
type Service struct {
	store   Store
	media   Media
	uploads UploadResolver
	files   Files
	ingest  Ingest
	now     func() time.Time
	// jobsPerAccount is how many transcode jobs of one account run at once.
	jobsPerAccount int
}

// NewService returns a Service over store that renders media URLs with
// media, resolves upload references with uploads and keeps the files
// clients upload for videos (tracks, thumbnails) in files.
func NewService(store Store, media Media, uploads UploadResolver, files Files) *Service {
	if files.Logger == nil {
		files.Logger = slog.New(slog.DiscardHandler)
	}
	return &Service{store: store, media: media, uploads: uploads, files: files, now: time.Now, jobsPerAccount: DefaultJobsPerAccount}
}

// LimitJobsPerAccount sets how many transcode jobs of one account may run at
// once (see JobQueue); n below 1 keeps the default.
func (s *Service) LimitJobsPerAccount(n int) *Service {
	if n >= 1 {
		s.jobsPerAccount = n
	}
	return s
}

// WithIngest sets where publishers send live streams and the Box stream
// keys are sealed with; events cannot be created without it.
func (s *Service) WithIngest(in Ingest) *Service {
	s.ingest = in
	return s
}

// commit runs write in a transaction and records, in the same transaction,
// the event that announces its result (txn.Commit). Either both are stored
// or neither. An update's event carries the state its write locked first.
func commit[T any](ctx context.Context, s *Service, p principal.Principal, kind EventKind, write func(Tx) (T, error)) (T, error) {
	var recording *beforeTx
	return txn.Commit(ctx, s.store.InTx, func(tx Tx) (T, error) {
		recording = &beforeTx{Tx: tx}
		return write(recording)
	}, func(out T) Event {
		e := s.event(p, kind, out)
		if kind == Updated {
			e.Before = s.rendered(recording.before)
		}
		return e
	})
}

// rendered is resource with its media URLs rendered if it is a video, as
// the video a change announces is.
func (s *Service) rendered(resource any) any {
	if v, ok := resource.(Video); ok {
		return s.media.Render(v)
	}
	return resource
}

// event is the announcement of a change p asked for, which the audit log
// records too.
func (s *Service) event(p principal.Principal, kind EventKind, resource any) Event {
	return NewEvent(p, kind, s.now(), resource)
}

// CheckID answers Not found for ids that cannot exist, without a query.
func CheckID(id string) error {
	if !ids.Valid(id) {
		return apperr.ErrNotFound
	}
	return nil
}
