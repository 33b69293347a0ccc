package catalog

import (
	"context"

	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/principal"
)

// SetThumbnail replaces a video's thumbnail with an uploaded JPEG and
// returns the new thumbnail's URL. The change is a video.updated; a custom
// thumbnail it replaces is deleted, the transcoder's frame is kept with
// the rest of its outputs. There is no delete: another POST replaces it.
func (s *Service) SetThumbnail(ctx context.Context, p principal.Principal, videoID, reference string) (string, error) {
	if err := thumbnailFile.checkReference(reference); err != nil {
		return "", err
	}
	if err := CheckID(videoID); err != nil {
		return "", err
	}
	// The video must exist before the upload is resolved, which consumes it.
	if _, err := s.store.GetVideo(ctx, p.AccountID, videoID); err != nil {
		return "", err
	}
	data, err := s.receive(ctx, p, reference, thumbnailFile)
	if err != nil {
		return "", err
	}
	path := customThumbnailPath(ids.New())
	var replaced Video
	err = s.keep(ctx, p, videoID, path, data, thumbnailFile, func() error {
		_, err := s.commitVideo(ctx, p, Updated, func(tx Tx) (Video, error) {
			v, err := tx.LockVideo(ctx, p.AccountID, videoID)
			if err != nil {
				return Video{}, err
			}
			replaced = v
			v.Thumbnail = MediaFile{Path: path}
			return tx.UpdateVideo(ctx, p.AccountID, p.ActorID, v)
		})
		return err
	})
	if err != nil {
		return "", err
	}
	if replaced.HasCustomThumbnail() {
		s.files.Remove(ctx, p.AccountID, videoID, replaced.Thumbnail.Path)
	}
	return s.media.URL(videoID, path), nil
}
