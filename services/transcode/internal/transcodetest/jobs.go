package transcodetest

import (
	"context"
	"os"
	"path"
	"testing"

	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/services/transcode/internal/job"
)

// NewJob is a job for a fresh video of a fresh account, with no source yet.
func NewJob() job.Job {
	return job.Job{ID: ids.New(), AccountID: ids.New(), VideoID: ids.New()}
}

// Upload stores a local file as an upload of j's account, as the upload
// service would, and makes it j's source.
func Upload(t testing.TB, store blob.Store, j *job.Job, file string) {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Fatalf("transcodetest: %v", err)
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		t.Fatalf("transcodetest: %v", err)
	}
	key, err := blob.UploadKey(j.AccountID, ids.New(), "source"+path.Ext(file))
	if err != nil {
		t.Fatalf("transcodetest: %v", err)
	}
	if err := store.Put(context.Background(), key, f, info.Size(), ""); err != nil {
		t.Fatalf("transcodetest: upload: %v", err)
	}
	j.SourceKey = key
}
