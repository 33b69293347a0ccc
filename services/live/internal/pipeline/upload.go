package pipeline

import (
	"context"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"
	"time"

	"github.com/vidhost/vidhost/pkg/blob"
)

// Uploader copies a run's HLS tree to the event's media folder as ffmpeg
// completes files: segments and init files once (their names are never
// reused), playlists whenever they change. A segment or init file is sent
// only once a playlist on disk names it, which ffmpeg writes after the file
// is complete, and before that playlist: a player never sees a file that is
// not there, nor a half-written one.
type Uploader struct {
	Store blob.Store
	// Account and Video name the media folder, videos/<account>/<video>/.
	Account, Video string
	Dir            string
	sent           map[string]time.Time // path in the media folder -> modification time uploaded
}

// Sync uploads what changed since the last call. playable reports whether
// the master playlist and a playlist with a segment are in the store.
func (u *Uploader) Sync(ctx context.Context) (playable bool, err error) {
	if u.sent == nil {
		u.sent = map[string]time.Time{}
	}
	variants, err := filepath.Glob(filepath.Join(u.Dir, LiveFolder, "*", "index.m3u8"))
	if err != nil {
		return false, err
	}
	for _, local := range variants {
		if err := u.syncVariant(ctx, local); err != nil {
			return false, err
		}
	}
	if u.variantsSent() {
		if err := u.put(ctx, MasterPlaylist); err != nil {
			return false, err
		}
	}
	_, master := u.sent[MasterPlaylist]
	return master && u.hasSegment(), nil
}

// variantsSent reports whether every variant playlist the master on disk
// names is in the store: the master goes last, so a player that opens it
// finds each variant it may pick (ffmpeg writes the master first).
func (u *Uploader) variantsSent() bool {
	body, err := os.ReadFile(filepath.Join(u.Dir, filepath.FromSlash(MasterPlaylist)))
	if err != nil {
		return false
	}
	variants := namedFiles(string(body))
	for _, name := range variants {
		if _, ok := u.sent[path.Join(path.Dir(MasterPlaylist), name)]; !ok {
			return false
		}
	}
	return len(variants) > 0
}

// syncVariant uploads the files a variant playlist names, then the
// playlist. It reads the playlist once: what it names exists (ffmpeg
// deletes a segment only long after dropping it from the playlist).
func (u *Uploader) syncVariant(ctx context.Context, local string) error {
	body, err := os.ReadFile(local) //nolint:gosec // a path under the run's own folder
	if err != nil {
		return nil //nolint:nilerr // being replaced (temp_file renames): next time
	}
	rel, err := filepath.Rel(u.Dir, local)
	if err != nil {
		return err
	}
	rel = filepath.ToSlash(rel)
	for _, name := range namedFiles(string(body)) {
		if err := u.put(ctx, path.Join(path.Dir(rel), name)); err != nil {
			return err
		}
	}
	return u.put(ctx, rel)
}

// namedFiles are the init file and segments a media playlist names.
func namedFiles(playlist string) []string {
	var names []string
	for line := range strings.Lines(playlist) {
		line = strings.TrimSpace(line)
		if uri, ok := strings.CutPrefix(line, `#EXT-X-MAP:URI="`); ok {
			names = append(names, strings.TrimSuffix(uri, `"`))
		} else if line != "" && !strings.HasPrefix(line, "#") {
			names = append(names, line)
		}
	}
	return names
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
