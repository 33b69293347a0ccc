package clips

import (
	"context"
	"errors"
	"fmt"
	"path"
	"strings"

	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
)

// maxPlaylistBytes bounds a live playlist read: 30 segments take about 3 KB.
const maxPlaylistBytes = 1 << 20

var errPlaylistTooLarge = errors.New("clips: live playlist too large")

// livePlaylists reads the event's master playlist (its live output) and
// every variant playlist it names.
func (s *Service) livePlaylists(ctx context.Context, event catalog.Video) (string, []variant, error) {
	master := liveMaster(event)
	if master == "" {
		return "", nil, ErrNotStarted
	}
	body, err := s.read(ctx, event, master)
	if err != nil {
		return "", nil, err
	}
	var variants []variant
	for _, uri := range variantURIs(body) {
		if strings.Contains(uri, "..") || strings.Contains(uri, "://") || strings.HasPrefix(uri, "/") {
			return "", nil, fmt.Errorf("clips: event %s's master names %q", event.ID, uri)
		}
		text, err := s.read(ctx, event, path.Join(path.Dir(master), uri))
		if err != nil {
			return "", nil, err
		}
		playlist, err := parseMedia(text)
		if err != nil {
			return "", nil, err
		}
		variants = append(variants, variant{uri: uri, playlist: playlist})
	}
	if len(variants) == 0 {
		return "", nil, fmt.Errorf("clips: event %s's master names no variant", event.ID)
	}
	return master, variants, nil
}

// liveMaster is the master playlist a live event plays from (its one
// output while live, the live service's report), relative to its folder.
func liveMaster(event catalog.Video) string {
	for _, o := range event.Outputs {
		if path.Ext(o.Path) == ".m3u8" {
			return o.Path
		}
	}
	return ""
}

func (s *Service) read(ctx context.Context, event catalog.Video, rel string) (string, error) {
	key, err := blob.VideoKey(event.AccountID, event.ID, rel)
	if err != nil {
		return "", err
	}
	body, err := s.playlists.Read(ctx, key, maxPlaylistBytes, errPlaylistTooLarge)
	if errors.Is(err, blob.ErrNotFound) {
		return "", ErrNotStarted // the live service has not uploaded it yet
	}
	return string(body), err
}
