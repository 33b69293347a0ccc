package catalog

import (
	"context"
	"errors"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/pkg/uploadref"
)

// fileRule says what an uploaded file of one kind must be and how it is
// stored.
type fileRule struct {
	kind UploadKind
	// noURL ends the message that refuses anything but an upload reference.
	noURL string
	// max bytes; tooLarge refuses more.
	max      int64
	tooLarge error
	// check validates the whole file.
	check       func(data []byte) error
	contentType string
}

// checkReference requires value to be a bare upload reference, exactly
// what uploadref.Format writes: tracks and thumbnails take no clip
// parameters.
func (r fileRule) checkReference(value string) error {
	if id, _, ok := uploadref.Parse(value); !ok || uploadref.Format(id) != value {
		return apperr.InvalidField(r.kind.Field(), "must be an upload reference %s: %s", uploadref.Form, r.noURL)
	}
	return nil
}

// receive resolves reference, reads the upload's file and checks it
// against rule. Resolving hands the upload's files to the catalog, so they
// are deleted here whatever happens next: the bytes that are kept are
// stored again under the video, and a refused file is of no use. A client
// whose request failed uploads the file again.
func (s *Service) receive(ctx context.Context, p principal.Principal, reference string, rule fileRule) ([]byte, error) {
	object, err := s.uploads.Resolve(ctx, p, reference, rule.kind)
	if errors.Is(err, apperr.ErrNotFound) {
		return nil, apperr.InvalidField(rule.kind.Field(), "references an upload that does not exist")
	}
	if err != nil {
		return nil, err
	}
	prefix, err := uploadPrefix(p.AccountID, object.Key)
	if err != nil {
		return nil, err
	}
	defer s.files.removeUpload(ctx, prefix)
	// The size the upload service checked comes first: a file too large is
	// refused without opening it.
	if object.Size > rule.max {
		return nil, rule.tooLarge
	}
	data, err := s.files.Read(ctx, object.Key, rule.max, rule.tooLarge)
	if err != nil {
		return nil, err
	}
	return data, rule.check(data)
}

// keep stores data at path in the video's media folder, then runs
// commit; when commit fails the file is deleted again, so a refused or
// failed change leaves no file behind.
func (s *Service) keep(ctx context.Context, p principal.Principal, videoID, path string, data []byte, rule fileRule, commit func() error) error {
	key, err := blob.VideoKey(p.AccountID, videoID, path)
	if err != nil {
		return err
	}
	if err := s.files.Put(ctx, key, data, rule.contentType); err != nil {
		return err
	}
	if err := commit(); err != nil {
		s.files.Remove(ctx, p.AccountID, videoID, path)
		return err
	}
	return nil
}
