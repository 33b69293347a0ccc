package e2e

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/deploy/devstack/stack"
	"github.com/vidhost/vidhost/pkg/blob/blobtest"
)

// storageDriver is the blob driver of the suite the tests run against.
var storageDriver = "local"

// storageTests are the tests whose behaviour depends on the blob store:
// TestS3Driver runs them again with the whole suite on S3.
var storageTests = map[string]func(*testing.T){
	"PresignedUpload":        TestPresignedUploadThroughTheGateway,
	"WrongSizesAndTampering": TestUploadRefusesWrongSizesAndTamperedURLs,
	"ResumableUpload":        TestResumableUploadResumesWhereItStopped,
	"VideoFromUpload":        TestCreateVideoFromAnUpload,
	"Track":                  TestTrackFromAnUploadedWebVTT,
	"TrackRefusals":          TestTrackRefusals,
	"Thumbnail":              TestThumbnailFromAnUploadedJPEG,
	"DeleteVideoFiles":       TestDeletingAVideoDeletesItsFiles,
}

// TestS3Driver starts a second suite whose every service stores objects in a
// real S3 server (versitygw, which checks signatures) and runs the storage
// tests against it: presigned URLs then point at S3, not at the gateway.
func TestS3Driver(t *testing.T) {
	s3 := blobtest.StartVersityGW(t)
	for name, value := range map[string]string{
		"VIDHOST_BLOB_DRIVER": "s3", "VIDHOST_S3_ENDPOINT": s3.Endpoint, "VIDHOST_S3_REGION": s3.Region,
		"VIDHOST_S3_BUCKET": s3.Bucket, "VIDHOST_S3_ACCESS_KEY": s3.AccessKey, "VIDHOST_S3_SECRET_KEY": s3.SecretKey,
		"VIDHOST_S3_CREATE_BUCKET": "true",
	} {
		t.Setenv(name, value)
	}
	withSuite(t, newSuite(t, 0), "s3", func() {
		for name, test := range storageTests {
			t.Run(name, test)
		}
	})
}

// newSuite starts another whole suite for one test, stopped at its end.
func newSuite(t *testing.T, workers int) *stack.Stack {
	t.Helper()
	varDir, err := os.MkdirTemp("", "vidhost-e2e-") // t.TempDir's parent is closed to the postgres user
	require.NoError(t, err)
	t.Cleanup(func() { os.RemoveAll(varDir) })
	s, err := startSuite(context.Background(), varDir, workers)
	require.NoError(t, err)
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		assert.NoError(t, s.Stop(ctx))
	})
	return s
}

// withSuite points the helpers at another suite while fn runs (tests of
// this package do not run in parallel).
func withSuite(t *testing.T, s *stack.Stack, driver string, fn func()) {
	t.Helper()
	previous, previousDriver := suite, storageDriver
	suite, storageDriver = s, driver
	defer func() { suite, storageDriver = previous, previousDriver }()
	fn()
}
