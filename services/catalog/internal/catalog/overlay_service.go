package catalog

import (
	"context"

	"github.com/vidhost/vidhost/pkg/principal"
)

// changeOverlay locks a video, checks it may carry o, lets change edit it,
// stores it and announces it with video.updated; it returns what change
// returned (the item created or updated).
func changeOverlay[T any](ctx context.Context, s *Service, p principal.Principal, videoID string, o overlay[T], change func(v *Video) (T, error)) (T, error) {
	var item T
	if err := CheckID(videoID); err != nil {
		return item, err
	}
	_, err := s.commitVideo(ctx, p, Updated, func(tx Tx) (Video, error) {
		v, err := tx.LockVideo(ctx, p.AccountID, videoID)
		if err != nil {
			return Video{}, err
		}
		if err := o.allows(v); err != nil {
			return Video{}, err
		}
		if item, err = change(&v); err != nil {
			return Video{}, err
		}
		return tx.UpdateVideo(ctx, p.AccountID, p.ActorID, v)
	})
	return item, err
}

// addOverlay validates item and adds it to the video.
func addOverlay[T interface{ Validate() error }](ctx context.Context, s *Service, p principal.Principal, videoID string, o overlay[T], item T) (T, error) {
	if err := item.Validate(); err != nil {
		return item, err
	}
	return changeOverlay(ctx, s, p, videoID, o, func(v *Video) (T, error) { return o.add(v, item) })
}

// patchOverlay applies patch to the item with id and validates the result.
func patchOverlay[T interface{ Validate() error }](ctx context.Context, s *Service, p principal.Principal, videoID, id string, o overlay[T], fields setters[T], resource string, patch Patch[T]) (T, error) {
	if err := patch.check(fields, resource); err != nil {
		return *new(T), err
	}
	return changeOverlay(ctx, s, p, videoID, o, func(v *Video) (T, error) {
		return o.update(v, id, func(current T) (T, error) {
			next := patch.apply(current, fields)
			return next, next.Validate()
		})
	})
}

// deleteOverlay removes the item with id from the video.
func deleteOverlay[T any](ctx context.Context, s *Service, p principal.Principal, videoID, id string, o overlay[T]) error {
	_, err := changeOverlay(ctx, s, p, videoID, o, func(v *Video) (T, error) { return *new(T), o.remove(v, id) })
	return err
}

// checkOverlayRoom checks, without a lock, that the video exists and may
// take one more item of o, for changes that must not start otherwise; the
// change itself checks again under the video's lock.
func checkOverlayRoom[T any](ctx context.Context, s *Service, p principal.Principal, videoID string, o overlay[T]) error {
	if err := CheckID(videoID); err != nil {
		return err
	}
	v, err := s.store.GetVideo(ctx, p.AccountID, videoID)
	if err != nil {
		return err
	}
	if err := o.allows(v); err != nil {
		return err
	}
	return o.hasRoom(v)
}
