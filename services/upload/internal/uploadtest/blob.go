package uploadtest

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/pkg/blob/blobtest"
)

// Driver names a blob driver.
type Driver string

const (
	// Local stores blobs in a directory on the test machine's disk.
	Local Driver = "local"
	// S3 stores blobs through the S3 API, on blobtest's server.
	S3 Driver = "s3"
)

// Drivers are the drivers every storage-touching test runs on.
var Drivers = []Driver{Local, S3}

// signingSecret signs the local driver's presigned URLs in tests.
const signingSecret = "test-blob-signing-secret-of-32-bytes!"

// Blob returns a blob configuration of driver d whose presigned URLs work:
// the local driver's are served by an httptest server mounting
// (*blob.Local).Handler at /blob/, as the gateway does.
func Blob(t *testing.T, d Driver) blob.Config {
	t.Helper()
	if d == S3 {
		return blobtest.StartVersityGW(t)
	}
	cfg := blob.Config{Driver: "local", Dir: t.TempDir(), SigningSecret: signingSecret}
	local, err := blob.NewLocal(cfg)
	if err != nil {
		t.Fatalf("uploadtest: %v", err)
	}
	mux := http.NewServeMux()
	mux.Handle(blob.HandlerPath, local.Handler())
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	cfg.PublicBaseURL = srv.URL
	return cfg
}
