package catalog

import (
	"context"

	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/principal"
)

// CreateTrack adds a caption or subtitle track to a vod: the uploaded
// .vtt is checked to be WebVTT, stored in the video's media folder, and
// the track added, announced with video.updated. The track is returned
// with its file's URL.
func (s *Service) CreateTrack(ctx context.Context, p principal.Principal, videoID string, in TrackInput) (Track, error) {
	if err := in.Validate(); err != nil {
		return Track{}, err
	}
	// Every check that needs no file comes before the upload is resolved,
	// which consumes it.
	if err := checkOverlayRoom(ctx, s, p, videoID, trackOverlay); err != nil {
		return Track{}, err
	}
	data, err := s.receive(ctx, p, in.URL, trackFile)
	if err != nil {
		return Track{}, err
	}
	track := in.track(ids.New())
	err = s.keep(ctx, p, videoID, track.Path, data, trackFile, func() error {
		_, err := changeOverlay(ctx, s, p, videoID, trackOverlay, func(v *Video) (Track, error) {
			return trackOverlay.insert(v, track)
		})
		return err
	})
	if err != nil {
		return Track{}, err
	}
	track.URL = s.media.URL(videoID, track.Path)
	return track, nil
}

// DeleteTrack removes a track, then its file.
func (s *Service) DeleteTrack(ctx context.Context, p principal.Principal, videoID, id string) error {
	removed, err := changeOverlay(ctx, s, p, videoID, trackOverlay, func(v *Video) (Track, error) {
		i, err := trackOverlay.find(v.Tracks, id)
		if err != nil {
			return Track{}, err
		}
		removed := v.Tracks[i]
		return removed, trackOverlay.remove(v, id)
	})
	if err != nil {
		return err
	}
	// After the commit: a file deleted before a failed commit would leave
	// a track without its file.
	s.files.Remove(ctx, p.AccountID, videoID, removed.Path)
	return nil
}
