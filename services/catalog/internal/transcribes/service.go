package transcribes

import (
	"context"
	"time"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/page"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
	"github.com/vidhost/vidhost/services/catalog/internal/txn"
)

// Service runs the transcribes' use cases. The caller (the gRPC handler or
// the report consumer) has already checked that the principal may read or
// write.
type Service struct {
	store     Store
	media     catalog.Media
	files     catalog.Files
	now       func() time.Time
	languages []string
	// engineOff refuses every create: no worker has a speech engine.
	engineOff bool
}

// ErrNoEngine refuses a transcribe on an installation whose transcode
// workers have no speech engine (VIDHOST_TRANSCRIBE_ENGINE=off): queued,
// it would wait for a worker that never comes, so it is refused at once
// with what to install.
var ErrNoEngine = &apperr.Refused{Reason: "transcribes are off on this installation because no speech engine is installed: " +
	"install pocketsphinx and pocketsphinx-en-us (make deps-run does) and restart Vidhost"}

// New returns a Service over store that stores completed transcribes'
// tracks in files and renders the changed video's media URLs with media.
func New(store Store, media catalog.Media, files catalog.Files) *Service {
	return &Service{store: store, media: media, files: files, now: time.Now, languages: DefaultLanguages}
}

// AcceptLanguages sets the tags transcribes may ask for: the transcode
// service's engine's (VIDHOST_TRANSCRIBE_LANGUAGES); an empty list keeps
// the default.
func (s *Service) AcceptLanguages(tags []string) *Service {
	if len(tags) > 0 {
		s.languages = tags
	}
	return s
}

// EngineOff makes Create refuse every transcribe (ErrNoEngine) when off
// is true: the transcode workers run without a speech engine.
func (s *Service) EngineOff(off bool) *Service {
	s.engineOff = off
	return s
}

// Create checks the request and the video, stores the transcribe
// as queued and enqueues its job, in one transaction. The video is locked
// meanwhile, so it cannot be deleted or change state between the check and
// the insert.
func (s *Service) Create(ctx context.Context, p principal.Principal, in Input) (catalog.Transcribe, error) {
	if s.engineOff {
		return catalog.Transcribe{}, ErrNoEngine
	}
	in, err := in.validate(s.languages)
	if err != nil {
		return catalog.Transcribe{}, err
	}
	if err := catalog.CheckID(in.VideoID); err != nil {
		return catalog.Transcribe{}, err
	}
	return txn.Commit(ctx, s.store.InTx, func(tx Tx) (catalog.Transcribe, error) {
		v, err := tx.LockVideo(ctx, p.AccountID, in.VideoID)
		if err != nil {
			return catalog.Transcribe{}, err
		}
		if err := checkTranscribable(v); err != nil {
			return catalog.Transcribe{}, err
		}
		mp4, _ := progressiveMP4(v)
		source, err := blob.VideoKey(p.AccountID, v.ID, mp4)
		if err != nil {
			return catalog.Transcribe{}, err
		}
		t, err := tx.InsertTranscribe(ctx, p.AccountID, p.ActorID, catalog.Transcribe{ID: ids.New(), VideoID: v.ID,
			Language: in.Language, Label: in.Label, Kind: in.Kind, Status: catalog.TranscribeQueued, SourceObjectKey: source})
		if err != nil {
			return catalog.Transcribe{}, err
		}
		return t, catalog.DispatchTranscribeJobs(ctx, tx, p.AccountID, s.now())
	}, func(t catalog.Transcribe) catalog.Event { return catalog.NewEvent(p, catalog.Created, s.now(), t) })
}

// Get reads one of the account's transcribes.
func (s *Service) Get(ctx context.Context, p principal.Principal, id string) (catalog.Transcribe, error) {
	if err := catalog.CheckID(id); err != nil {
		return catalog.Transcribe{}, err
	}
	return s.store.GetTranscribe(ctx, p.AccountID, id)
}

// List returns a page of the account's transcribes, oldest
// first, as every list is.
func (s *Service) List(ctx context.Context, p principal.Principal, f Filter, req page.Request) ([]catalog.Transcribe, string, error) {
	if err := f.check(); err != nil {
		return nil, "", err
	}
	return page.List(req,
		func() ([]catalog.Transcribe, error) { return s.store.ListTranscribes(ctx, p.AccountID, f, req) },
		func(t catalog.Transcribe) page.Cursor { return page.Cursor{Time: t.CreatedTime, ID: t.ID} })
}
