package main

import (
	"bytes"
	"context"
	"crypto/rand"
	"fmt"
	"strings"

	"github.com/vidhost/vidhost/gateway/benchseam"
	"github.com/vidhost/vidhost/pkg/blob"
	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"
)

// storeMedia writes the segment and playlists of both videos and registers
// them with the fake catalog.
func storeMedia(ctx context.Context, dir string, out info, backends *benchseam.Backends) error {
	store, err := blob.NewLocal(blob.Config{Dir: dir})
	if err != nil {
		return err
	}
	segment := make([]byte, out.SegmentBytes)
	_, _ = rand.Read(segment)
	var playlist strings.Builder
	playlist.WriteString("#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-TARGETDURATION:2\n#EXT-X-MEDIA-SEQUENCE:0\n#EXT-X-PLAYLIST-TYPE:VOD\n#EXT-X-MAP:URI=\"init-0.m4s\"\n")
	for i := 1; i <= out.PlaylistEntries; i++ {
		fmt.Fprintf(&playlist, "#EXTINF:2.000000,\nseg-0-%05d.m4s\n", i)
	}
	playlist.WriteString("#EXT-X-ENDLIST\n")
	for _, video := range []struct{ id, privacy string }{{out.PublicVideo, "public"}, {out.PrivateVideo, "private"}} {
		for path, data := range map[string][]byte{out.Segment: segment, out.Playlist: []byte(playlist.String())} {
			key, err := blob.VideoKey(account, video.id, path)
			if err != nil {
				return err
			}
			if err := store.Put(ctx, key, bytes.NewReader(data), int64(len(data)), ""); err != nil {
				return err
			}
		}
		backends.PutVideo(&catalogv1.PlaybackVideo{VideoId: video.id, AccountId: account, Privacy: video.privacy, Enabled: true,
			Status: "ready", Name: "bench", Outputs: []*catalogv1.PlaybackOutput{{Label: "HLS", Path: out.Playlist}}})
	}
	return nil
}
