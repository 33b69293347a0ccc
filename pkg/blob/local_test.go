package blob_test

import (
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/pkg/blob/blobtest"
)

const testSecret = "0123456789abcdef0123456789abcdef"

func TestLocalContract(t *testing.T) {
	blobtest.RunContract(t, func(t *testing.T) blob.Store {
		return newLocal(t, blob.Config{}).store
	})
}

// localSetup is a Local store whose Handler is served at its PublicBaseURL.
type localSetup struct {
	store *blob.Local
	dir   string
	url   string
}

// newLocal starts a server for the store's Handler; cfg's Dir,
// PublicBaseURL and SigningSecret are filled in.
func newLocal(t *testing.T, cfg blob.Config) localSetup {
	mux := http.NewServeMux()
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	cfg.Dir, cfg.PublicBaseURL, cfg.SigningSecret = t.TempDir(), srv.URL, testSecret
	store, err := blob.NewLocal(cfg)
	require.NoError(t, err)
	mux.Handle(blob.HandlerPath, store.Handler())
	return localSetup{store: store, dir: cfg.Dir, url: srv.URL}
}
