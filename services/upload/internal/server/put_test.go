package server_test

import (
	"io"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/codes"

	uploadv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/upload/v1"

	"github.com/vidhost/vidhost/pkg/grpcx/grpcxtest"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/timefmt"
	"github.com/vidhost/vidhost/services/upload/internal/uploadtest"
)

func TestPresignedPutThenResolve(t *testing.T) {
	t.Parallel()
	eachDriver(t, func(t *testing.T, b *uploadtest.Bundle) {
		body := randomBytes(t, 64<<10)

		u := create(t, b, b.Alice, "Holiday clip (1).MP4", len(body))

		assert.True(t, ids.Valid(u.GetId()))
		assert.Equal(t, "Holiday clip (1).MP4", u.GetName())
		assert.Equal(t, float64(len(body)), u.GetSize())
		assert.Equal(t, "uploads/"+b.Alice.AccountID+"/"+u.GetId()+"/Holiday_clip__1_.mp4", u.GetKey())
		assert.NotEmpty(t, u.GetUrl())
		assert.Equal(t, "alice-key", u.GetCreatedBy())
		assert.Equal(t, "alice-key", u.GetUpdatedBy())
		_, err := time.Parse(timefmt.Layout, u.GetCreatedTime())
		assert.NoError(t, err, "created_time in the interface's format")

		require.Equal(t, http.StatusOK, put(t, u.GetUrl(), body))
		got, err := resolve(t, b, b.Alice, u.GetId(), uploadv1.UploadKind_UPLOAD_KIND_VIDEO)

		require.NoError(t, err)
		assert.Equal(t, u.GetId(), got.GetUploadId())
		assert.Equal(t, u.GetKey(), got.GetObjectKey())
		assert.Equal(t, int64(len(body)), got.GetSize())
		assert.Equal(t, u.GetName(), got.GetName())
		stored, _, err := b.Objects.Open(t.Context(), got.GetObjectKey())
		require.NoError(t, err)
		defer stored.Close()
		data, err := io.ReadAll(stored)
		require.NoError(t, err)
		assert.Equal(t, body, data, "the object holds exactly what was PUT")
	})
}

func TestBadPutsLeaveNothingAndResolveSaysIncomplete(t *testing.T) {
	t.Parallel()
	eachDriver(t, func(t *testing.T, b *uploadtest.Bundle) {
		const size = 1000
		tests := []struct {
			name string
			body []byte
			url  func(string) string
		}{
			{"more bytes", randomBytes(t, size+1), func(u string) string { return u }},
			{"fewer bytes", randomBytes(t, size-1), func(u string) string { return u }},
			{"tampered url", randomBytes(t, size), tamper},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				u := create(t, b, b.Alice, "clip.mov", size)

				code := put(t, tt.url(u.GetUrl()), tt.body)

				assert.GreaterOrEqual(t, code, 400, "the PUT is refused")
				_, err := b.Objects.Stat(t.Context(), u.GetKey())
				assert.Error(t, err, "no object, not even part of one")
				_, err = resolve(t, b, b.Alice, u.GetId(), uploadv1.UploadKind_UPLOAD_KIND_VIDEO)
				grpcxtest.RequireStatus(t, err, codes.InvalidArgument, "input references an upload that is not complete")
			})
		}
	})
}

// tamper changes one character of the URL's signature.
func tamper(url string) string {
	last := url[len(url)-1]
	replacement := byte('0')
	if last == '0' {
		replacement = '1'
	}
	return url[:len(url)-1] + string(replacement)
}
