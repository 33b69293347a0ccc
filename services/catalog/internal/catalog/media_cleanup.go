package catalog

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/pkg/ids"
)

// cleanupPage bounds how many keys one pass lists before deleting them, so
// a video of thousands of segments is never held in memory at once and a
// pass is short enough to report progress between.
const cleanupPage = 500

// ErrMediaUndeletable marks a clean-up that can never work (a video or
// source that names no folder of its account): retrying it is pointless.
var ErrMediaUndeletable = errors.New("catalog: media cannot be deleted")

// DeletedMedia names what a deleted video left in storage: its media folder
// (outputs, thumbnails, tracks, sprites), the transcode service's private
// folder of its chunked plans (blob.TranscodePrefix) and, for a video made
// from an upload, the upload's folder that holds its source.
type DeletedMedia struct {
	AccountID, VideoID string
	// SourceObjectKey is empty for a video made from a URL.
	SourceObjectKey string
}

// DeleteVideoMedia deletes everything a deleted video left in storage, a
// page of keys at a time, calling progress after each page. It is
// idempotent: deleting what is already gone does nothing. An error that
// wraps ErrMediaUndeletable will never pass; any other is the store's and
// may.
func (s *Service) DeleteVideoMedia(ctx context.Context, m DeletedMedia, progress func()) error {
	media, err := blob.VideoPrefix(m.AccountID, m.VideoID)
	if !ids.Valid(m.VideoID) || err != nil {
		return fmt.Errorf("%w: no video %q of account %q", ErrMediaUndeletable, m.VideoID, m.AccountID)
	}
	plans, err := blob.TranscodePrefix(m.AccountID, m.VideoID)
	if err != nil {
		return fmt.Errorf("%w: %w", ErrMediaUndeletable, err)
	}
	prefixes := []string{media, plans}
	if m.SourceObjectKey != "" {
		source, err := uploadPrefix(m.AccountID, m.SourceObjectKey)
		if err != nil {
			return fmt.Errorf("%w: %w", ErrMediaUndeletable, err)
		}
		prefixes = append(prefixes, source)
	}
	for _, prefix := range prefixes {
		if err := s.files.deleteFolder(ctx, prefix, progress); err != nil {
			return err
		}
	}
	return nil
}

// deleteFolder deletes every object under prefix, listing a page, deleting
// it, and listing again, so it never deletes from under its own listing.
func (f Files) deleteFolder(ctx context.Context, prefix string, progress func()) error {
	var previous []string
	for {
		keys, err := f.listPage(ctx, prefix)
		if err != nil {
			return err
		}
		if len(keys) == 0 {
			return nil
		}
		// A key that survives its delete would loop forever.
		if slices.Equal(keys, previous) {
			return fmt.Errorf("catalog: delete %s: objects remain after deleting them", prefix)
		}
		for _, key := range keys {
			if err := f.Objects.Delete(ctx, key); err != nil {
				return fmt.Errorf("catalog: delete %s: %w", key, err)
			}
		}
		previous = keys
		if progress != nil {
			progress()
		}
	}
}

// listPage returns up to cleanupPage keys under prefix.
func (f Files) listPage(ctx context.Context, prefix string) ([]string, error) {
	var keys []string
	for info, err := range f.Objects.List(ctx, prefix) {
		if err != nil {
			if errors.Is(err, blob.ErrInvalidKey) {
				return nil, fmt.Errorf("%w: %w", ErrMediaUndeletable, err)
			}
			return nil, fmt.Errorf("catalog: list %s: %w", prefix, err)
		}
		keys = append(keys, info.Key)
		if len(keys) == cleanupPage {
			break
		}
	}
	slices.Sort(keys)
	return keys, nil
}
