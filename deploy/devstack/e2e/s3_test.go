package e2e

import (
	"testing"

	"github.com/vidhost/vidhost/pkg/blob/blobtest"
)

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
