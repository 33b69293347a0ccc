package blob_test

import (
	"bytes"
	"context"
	"log/slog"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/blob"
)

func TestOpenChoosesDriver(t *testing.T) {
	ctx := context.Background()
	for _, driver := range []string{"", "local"} {
		store, err := blob.Open(ctx, blob.Config{Driver: driver, Dir: t.TempDir()})
		require.NoError(t, err)
		assert.IsType(t, &blob.Local{}, store)
	}
	_, err := blob.Open(ctx, blob.Config{Driver: "ftp"})
	assert.ErrorContains(t, err, `unknown driver "ftp"`)
	_, err = blob.Open(ctx, blob.Config{Driver: "s3"})
	assert.ErrorContains(t, err, "needs Endpoint and Bucket")
}

func TestConfigLogValueRedactsSecrets(t *testing.T) {
	var out bytes.Buffer
	cfg := blob.Config{Driver: "s3", Endpoint: "s3.local:9000", AccessKey: "AKIA", SecretKey: "hunter2", SigningSecret: "hmac-secret"}
	slog.New(slog.NewTextHandler(&out, nil)).Info("blob", "config", cfg)
	assert.Contains(t, out.String(), "config.endpoint=s3.local:9000")
	assert.Contains(t, out.String(), "config.secret_key=[redacted]")
	assert.NotContains(t, out.String(), "hunter2")
	assert.NotContains(t, out.String(), "hmac-secret")
}
