package catalog

import (
	"context"

	"github.com/vidhost/vidhost/pkg/principal"
)

// VideoUsage is what an account's videos amount to (GET /v2/account/videos,
// docs/account.md): the catalog owns videos, so it answers for their count
// and minutes; identity answers for seats and upload for bytes.
type VideoUsage struct {
	Videos, ReadyVideos int
	// DurationSeconds sums the videos' durations (0 until one is known).
	DurationSeconds float64
	// LiveEvents counts videos of type event, LiveNow those live now.
	LiveEvents, LiveNow int
}

// VideoUsage reports p's account's videos.
func (s *Service) VideoUsage(ctx context.Context, p principal.Principal) (VideoUsage, error) {
	return s.store.VideoUsage(ctx, p.AccountID)
}
