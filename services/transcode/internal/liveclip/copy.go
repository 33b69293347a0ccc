package liveclip

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path"

	"github.com/vidhost/vidhost/pkg/blob"
)

// StreamDir is the clip's folder of HLS files, in its media folder: the
// VOD layout's (package media), so the clip's outputs are cleared and
// deleted like any video's.
const StreamDir = "stream"

// MasterPlaylist is the clip's master playlist, in its media folder.
const MasterPlaylist = StreamDir + "/master.m3u8"

// Objects is the part of the blob store a clip uses.
type Objects interface {
	Copy(ctx context.Context, srcKey, dstKey string) error
	Put(ctx context.Context, key string, r io.Reader, size int64, contentType string) error
	Open(ctx context.Context, key string) (io.ReadCloser, blob.Info, error)
}

// Folders are the two media folders a clip reads and writes, of one
// account: videos/<account>/<event>/ and videos/<account>/<clip>/.
type Folders struct {
	AccountID, EventID, ClipID string
}

// CopyHLS copies every variant's init and media segments into the clip's
// stream/ folder, writes each variant's VOD playlist after its segments,
// and the master playlist last, so a player that finds the master finds
// everything it names.
func CopyHLS(ctx context.Context, store Objects, f Folders, c Clip) error {
	for _, v := range c.Variants {
		if err := copyVariant(ctx, store, f, c, v); err != nil {
			return err
		}
	}
	src, err := blob.VideoKey(f.AccountID, f.EventID, c.MasterPlaylist)
	if err != nil {
		return err
	}
	dst, err := blob.VideoKey(f.AccountID, f.ClipID, MasterPlaylist)
	if err != nil {
		return err
	}
	return copyObject(ctx, store, src, dst)
}

func copyVariant(ctx context.Context, store Objects, f Folders, c Clip, v Variant) error {
	names := []string{v.Init}
	for _, s := range v.Segments {
		names = append(names, s.Name)
	}
	for _, name := range names {
		src, err := eventKey(f, c, v, name)
		if err != nil {
			return err
		}
		dst, err := blob.VideoKey(f.AccountID, f.ClipID, path.Join(StreamDir, path.Dir(v.Playlist), name))
		if err != nil {
			return err
		}
		if err := copyObject(ctx, store, src, dst); err != nil {
			return err
		}
	}
	key, err := blob.VideoKey(f.AccountID, f.ClipID, path.Join(StreamDir, v.Playlist))
	if err != nil {
		return err
	}
	body := vodPlaylist(v)
	if err := store.Put(ctx, key, bytes.NewReader(body), int64(len(body)), "application/vnd.apple.mpegurl"); err != nil {
		return fmt.Errorf("liveclip: store %s: %w", key, err)
	}
	return nil
}

// eventKey is the key of a variant's file in the event's media folder.
func eventKey(f Folders, c Clip, v Variant, name string) (string, error) {
	return blob.VideoKey(f.AccountID, f.EventID, path.Join(path.Dir(c.MasterPlaylist), path.Dir(v.Playlist), name))
}

func copyObject(ctx context.Context, store Objects, src, dst string) error {
	err := store.Copy(ctx, src, dst)
	if errors.Is(err, blob.ErrNotFound) {
		return fmt.Errorf("%w (%s)", ErrSegmentsGone, src)
	}
	if err != nil {
		return fmt.Errorf("liveclip: copy %s: %w", src, err)
	}
	return nil
}

// Concatenate writes the first variant's init segment and media segments,
// one after the other, to local: a fragmented MP4 of the whole clip.
func Concatenate(ctx context.Context, store Objects, f Folders, c Clip, local string) error {
	out, err := os.Create(local) //nolint:gosec // a fixed name in the job's attempt directory
	if err != nil {
		return err
	}
	v := c.Variants[0]
	names := []string{v.Init}
	for _, s := range v.Segments {
		names = append(names, s.Name)
	}
	for _, name := range names {
		key, err := eventKey(f, c, v, name)
		if err == nil {
			err = appendObject(ctx, store, key, out)
		}
		if err != nil {
			out.Close()
			return err
		}
	}
	return out.Close()
}

func appendObject(ctx context.Context, store Objects, key string, out io.Writer) error {
	body, _, err := store.Open(ctx, key)
	if errors.Is(err, blob.ErrNotFound) {
		return fmt.Errorf("%w (%s)", ErrSegmentsGone, key)
	}
	if err != nil {
		return fmt.Errorf("liveclip: open %s: %w", key, err)
	}
	defer body.Close()
	if _, err := io.Copy(out, body); err != nil {
		return fmt.Errorf("liveclip: read %s: %w", key, err)
	}
	return nil
}
