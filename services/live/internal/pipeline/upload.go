package pipeline

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"time"

	"github.com/vidhost/vidhost/pkg/blob"
)

// Uploader copies a run's HLS tree to the event's media folder as ffmpeg
// completes files: segments and init files once (their names are never
// reused), playlists whenever they change, segments before the playlists
// that name them so a player never sees a segment that is not there.
type Uploader struct {
	Store blob.Store
	// Account and Video name the media folder, videos/<account>/<video>/.
	Account, Video string
	Dir            string
	sent           map[string]time.Time // local path -> modification time uploaded
}

// Sync uploads what changed since the last call. playable reports whether
// the master playlist and a playlist with a segment are in the store.
func (u *Uploader) Sync(ctx context.Context) (playable bool, err error) {
	if u.sent == nil {
		u.sent = map[string]time.Time{}
	}
	media, playlists, err := u.scan()
	if err != nil {
		return false, err
	}
	for _, group := range [][]string{media, playlists} {
		for _, rel := range group {
			if err := u.put(ctx, rel); err != nil {
				return false, err
			}
		}
	}
	_, master := u.sent[MasterPlaylist]
	return master && u.hasSegment(), nil
}

// scan lists the run's finished files (ffmpeg writes *.tmp and renames),
// relative to Dir, split into segments/init files and playlists (master
// last).
func (u *Uploader) scan() (media, playlists []string, err error) {
	root := filepath.Join(u.Dir, LiveFolder)
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasSuffix(p, ".tmp") {
			return err
		}
		rel, err := filepath.Rel(u.Dir, p)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		switch {
		case rel == MasterPlaylist:
		case strings.HasSuffix(rel, ".m3u8"):
			playlists = append(playlists, rel)
		default:
			media = append(media, rel)
		}
		return nil
	})
	if os.IsNotExist(err) {
		return nil, nil, nil
	}
	if _, statErr := os.Stat(filepath.Join(u.Dir, filepath.FromSlash(MasterPlaylist))); statErr == nil {
		playlists = append(playlists, MasterPlaylist)
	}
	return media, playlists, err
}

// put uploads rel if it is new or, for a playlist, changed.
func (u *Uploader) put(ctx context.Context, rel string) error {
	local := filepath.Join(u.Dir, filepath.FromSlash(rel))
	info, err := os.Stat(local)
	if os.IsNotExist(err) {
		return nil // a segment ffmpeg has deleted already (it left the DVR window)
	}
	if err != nil {
		return err
	}
	if last, ok := u.sent[rel]; ok && (!strings.HasSuffix(rel, ".m3u8") || last.Equal(info.ModTime())) {
		return nil
	}
	key, err := blob.VideoKey(u.Account, u.Video, rel)
	if err != nil {
		return fmt.Errorf("pipeline: %w", err)
	}
	f, err := os.Open(local) //nolint:gosec // a path under the run's own folder
	if err != nil {
		return err
	}
	defer f.Close()
	if err := u.Store.Put(ctx, key, f, info.Size(), contentType(rel)); err != nil {
		return fmt.Errorf("pipeline: upload %s: %w", rel, err)
	}
	u.sent[rel] = info.ModTime()
	return nil
}

// hasSegment reports whether a media segment has been uploaded.
func (u *Uploader) hasSegment() bool {
	for rel := range u.sent {
		if path.Ext(rel) == ".m4s" {
			return true
		}
	}
	return false
}

func contentType(rel string) string {
	switch path.Ext(rel) {
	case ".m3u8":
		return "application/vnd.apple.mpegurl"
	case ".m4s":
		return "video/iso.segment"
	}
	return "video/mp4"
}
