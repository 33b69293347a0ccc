package catalog

import (
	"context"

	"github.com/vidhost/vidhost/pkg/page"
	"github.com/vidhost/vidhost/pkg/principal"
)

// ListFolderVideos returns a page of the videos in a folder (not in its
// sub-folders), oldest first. A missing folder is Not found, not an empty
// list.
func (s *Service) ListFolderVideos(ctx context.Context, p principal.Principal, folderID string, req page.Request) ([]Video, string, error) {
	if _, err := s.GetFolder(ctx, p, folderID); err != nil {
		return nil, "", err
	}
	return s.ListVideos(ctx, p, VideoFilter{FolderID: folderID}, req)
}

// AddFolderVideo files a video in a folder; filing it again changes
// nothing. Membership is not part of either resource, so no event is
// published; the audit log records it as a change of the folder.
func (s *Service) AddFolderVideo(ctx context.Context, p principal.Principal, folderID, videoID string) error {
	if err := checkIDs(folderID, videoID); err != nil {
		return err
	}
	return s.store.InTx(ctx, func(tx Tx) error {
		if err := tx.AddFolderVideo(ctx, p.AccountID, p.ActorID, folderID, videoID); err != nil {
			return err
		}
		return tx.Emit(ctx, s.event(p, Created, FolderVideo{FolderID: folderID, VideoID: videoID}))
	})
}

// RemoveFolderVideo takes a video out of a folder; the video stays.
func (s *Service) RemoveFolderVideo(ctx context.Context, p principal.Principal, folderID, videoID string) error {
	if err := checkIDs(folderID, videoID); err != nil {
		return err
	}
	return s.store.InTx(ctx, func(tx Tx) error {
		if err := tx.RemoveFolderVideo(ctx, p.AccountID, folderID, videoID); err != nil {
			return err
		}
		return tx.Emit(ctx, s.event(p, Deleted, FolderVideo{FolderID: folderID, VideoID: videoID}))
	})
}

func checkIDs(values ...string) error {
	for _, id := range values {
		if err := CheckID(id); err != nil {
			return err
		}
	}
	return nil
}
