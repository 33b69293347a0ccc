package vidhost

import (
	"context"
	"errors"
	"fmt"
)

// VideosService is the account's videos: the Collection's operations plus
// waiting for one to be ready.
type VideosService struct {
	*Collection[Video]
}

// ErrVideoFailed is wrapped by Wait's error when the video's processing
// failed (status "error").
var ErrVideoFailed = errors.New("vidhost: video processing failed")

// Wait polls the video until it is ready and returns it; progress, when not
// nil, is told each state seen. It fails (wrapping ErrVideoFailed, with the
// status reason) if the video ends in error, and gives up when ctx is done.
func (s *VideosService) Wait(ctx context.Context, id string, progress func(*Video)) (*Video, error) {
	for {
		v, err := s.Get(ctx, id)
		if err != nil {
			return nil, err
		}
		if progress != nil {
			progress(v)
		}
		switch v.Status {
		case StatusReady:
			return v, nil
		case StatusError:
			return v, fmt.Errorf("%w: %s", ErrVideoFailed, v.StatusReason)
		}
		if err := sleep(ctx, pollInterval); err != nil {
			return nil, fmt.Errorf("vidhost: waiting for video %s (%s, %d%%): %w", id, v.Status, v.Progress, err)
		}
	}
}
