package blob_test

import (
	"context"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/pkg/blob/blobtest"
)

func TestS3Contract(t *testing.T) {
	cfg := blobtest.StartVersityGW(t)
	var buckets atomic.Int64
	blobtest.RunContract(t, func(t *testing.T) blob.Store {
		cfg := cfg
		cfg.Bucket = fmt.Sprintf("contract-%d", buckets.Add(1))
		store, err := blob.Open(context.Background(), cfg)
		require.NoError(t, err)
		return store
	})
}

func TestNewS3(t *testing.T) {
	gw := blobtest.StartVersityGW(t)
	ctx := context.Background()
	tests := []struct {
		name    string
		change  func(cfg *blob.Config)
		wantErr string
	}{
		{"creates the bucket", func(cfg *blob.Config) { cfg.Bucket = "created" }, ""},
		{"URL endpoint", func(cfg *blob.Config) { cfg.Endpoint = "http://" + cfg.Endpoint + "/" }, ""},
		{"missing bucket", func(cfg *blob.Config) { cfg.Bucket, cfg.CreateBucket = "absent", false }, `bucket "absent" does not exist`},
		{"wrong secret", func(cfg *blob.Config) { cfg.SecretKey = "wrong" }, "checking bucket"},
		{"no bucket", func(cfg *blob.Config) { cfg.Bucket = "" }, "needs Endpoint and Bucket"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := gw
			tt.change(&cfg)
			store, err := blob.NewS3(ctx, cfg)
			if tt.wantErr != "" {
				require.ErrorContains(t, err, tt.wantErr)
				return
			}
			require.NoError(t, err)
			require.NoError(t, store.Put(ctx, "a/b", strings.NewReader("x"), 1, ""))
		})
	}
}
