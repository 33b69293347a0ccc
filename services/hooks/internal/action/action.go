package action

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path"
	"strconv"
	"strings"

	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/services/hooks/internal/hooks"
	"github.com/vidhost/vidhost/services/hooks/internal/webhook"
)

// Job is one attempt of a delivery's action: the delivery, its service
// with credentials, and its hook's params by field.
type Job struct {
	Delivery hooks.Delivery
	Service  hooks.Target
	Params   map[string]string
}

// Result is what an attempt got (the same as a webhook's).
type Result = webhook.Result

// ErrNoBlobStore is an attempt on a hooks service configured without the
// blob store (VIDHOST_BLOB_*): retried on the schedule, so fixing the
// configuration within a day loses nothing.
var ErrNoBlobStore = errors.New("this hooks service has no blob store configured (VIDHOST_BLOB_*): it cannot read the video's files")

// video is what an action needs of the delivered video: the payload's data.
type video struct {
	ID   string `json:"id"`
	Name string `json:"name"`
}

func videoOf(d hooks.Delivery) (video, error) {
	var p struct {
		Data video `json:"data"`
	}
	if err := json.Unmarshal(d.Payload, &p); err != nil || p.Data.ID == "" {
		return video{}, fmt.Errorf("action: the delivery's payload names no video")
	}
	return p.Data, nil
}

// object is one of a video's files in the blob store.
type object struct {
	Key  string
	Path string // relative to the video's folder: "mp4/720p.mp4"
	Size int64
}

// videoObjects lists every file of a video's folder.
func videoObjects(ctx context.Context, store blob.Store, accountID, videoID string) ([]object, error) {
	prefix, err := blob.VideoPrefix(accountID, videoID)
	if err != nil {
		return nil, err
	}
	var out []object
	for info, err := range store.List(ctx, prefix) {
		if err != nil {
			return nil, fmt.Errorf("action: list the video's files: %w", err)
		}
		out = append(out, object{Key: info.Key, Path: strings.TrimPrefix(info.Key, prefix), Size: info.Size})
	}
	return out, nil
}

// bestMP4 is the tallest progressive MP4 (mp4/<height>p.mp4) of objects.
func bestMP4(objects []object) (object, bool) {
	best, bestHeight := object{}, -1
	for _, o := range objects {
		dir, name := path.Split(o.Path)
		if dir != "mp4/" || path.Ext(name) != ".mp4" {
			continue
		}
		height, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimSuffix(name, ".mp4"), "p"))
		if height > bestHeight {
			best, bestHeight = o, height
		}
	}
	return best, bestHeight >= 0
}

func explain(err error) error     { return webhook.Explain(err) }
func truncate(body []byte) string { return webhook.Truncate(body) }
