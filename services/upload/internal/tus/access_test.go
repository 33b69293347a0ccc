package tus_test

import (
	"cmp"
	"net/http"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/pkg/roles"
	uploadv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/upload/v1"

	"github.com/vidhost/vidhost/services/upload/app"
	"github.com/vidhost/vidhost/services/upload/internal/uploadtest"
)

// started creates a tus upload of 10 bytes and sends 4 of them.
func started(t *testing.T, c client) (location, id string) {
	t.Helper()
	resp := c.create("a.mp4", 10)
	require.Equal(t, http.StatusCreated, resp.StatusCode)
	location = resp.Header.Get("Location")
	require.Equal(t, http.StatusNoContent, c.patch(location, 0, randomBytes(t, 4)).StatusCode)
	return location, resp.Header.Get("Vidhost-Upload-Id")
}

func TestAnotherAccountCannotTouchAnUpload(t *testing.T) {
	for _, d := range uploadtest.Drivers {
		t.Run(string(d), func(t *testing.T) {
			b := uploadtest.Start(t, d)
			location, _ := started(t, tusClient(t, b, b.Alice))
			bob := tusClient(t, b, b.Bob)

			assert.Equal(t, http.StatusNotFound, bob.do(http.MethodHead, location, nil, nil).StatusCode)
			assert.Equal(t, http.StatusNotFound, bob.patch(location, 4, randomBytes(t, 6)).StatusCode)
			assert.Equal(t, http.StatusNotFound, bob.do(http.MethodDelete, location, nil, nil).StatusCode)
			assert.Equal(t, 4, tusClient(t, b, b.Alice).offset(location), "untouched")
		})
	}
}

func TestReadOnlyKeyMayOnlyAsk(t *testing.T) {
	b := uploadtest.Start(t, uploadtest.Local)
	location, _ := started(t, tusClient(t, b, b.Alice))
	readOnly := b.Alice
	readOnly.ReadOnly = true
	c := tusClient(t, b, readOnly)

	assert.Equal(t, 4, c.offset(location))
	assert.Equal(t, http.StatusForbidden, c.patch(location, 4, randomBytes(t, 6)).StatusCode)
	assert.Equal(t, http.StatusForbidden, c.create("b.mp4", 1).StatusCode)
}

// TestTusNeedsAnUploader walks the tus rules of grpcx.Policy: a person
// below uploader is refused with role_forbidden on every method, an
// uploader gets through, and an API key is never held to a role.
func TestTusNeedsAnUploader(t *testing.T) {
	b := uploadtest.Start(t, uploadtest.Local)
	location, _ := started(t, tusClient(t, b, b.Alice))
	person := func(role string) principal.Principal {
		p := b.Alice
		p.ActorType, p.Role = principal.ActorUser, role
		return p
	}
	for _, role := range []string{roles.Viewer, "", "unknown"} {
		t.Run("as "+cmp.Or(role, "no role"), func(t *testing.T) {
			c := tusClient(t, b, person(role))
			for _, resp := range []*http.Response{
				c.create("b.mp4", 1),
				c.do(http.MethodHead, location, nil, nil),
				c.patch(location, 4, randomBytes(t, 6)),
				c.do(http.MethodDelete, location, nil, nil),
			} {
				assert.Equal(t, http.StatusForbidden, resp.StatusCode, resp.Request.Method)
				if resp.Request.Method != http.MethodHead { // a HEAD answer has no body
					assert.Contains(t, readBody(t, resp), `"code":"role_forbidden"`, resp.Request.Method)
				}
			}
		})
	}
	uploader := tusClient(t, b, person(roles.Uploader))
	assert.Equal(t, 4, uploader.offset(location))
	assert.Equal(t, http.StatusCreated, uploader.create("c.mp4", 1).StatusCode)
	key := b.Alice
	key.ActorType, key.Role = principal.ActorAPIKey, roles.Owner
	assert.Equal(t, http.StatusCreated, tusClient(t, b, key).create("d.mp4", 1).StatusCode)
}

func TestTusDeleteRemovesUploadAndStaging(t *testing.T) {
	for _, d := range uploadtest.Drivers {
		t.Run(string(d), func(t *testing.T) {
			b := uploadtest.Start(t, d)
			c := tusClient(t, b, b.Alice)
			location, id := started(t, c)

			require.Equal(t, http.StatusNoContent, c.do(http.MethodDelete, location, nil, nil).StatusCode)

			assert.Equal(t, http.StatusNotFound, c.do(http.MethodHead, location, nil, nil).StatusCode)
			list, err := b.Client.ListUploads(uploadtest.As(t, b.Alice), &uploadv1.ListUploadsRequest{})
			require.NoError(t, err)
			assert.Empty(t, list.GetItems())
			assertNoStaging(t, b, id)
		})
	}
}

func TestSweeperDiscardsAbandonedTusUploads(t *testing.T) {
	for _, d := range uploadtest.Drivers {
		t.Run(string(d), func(t *testing.T) {
			b := uploadtest.Start(t, d)
			_, id := started(t, tusClient(t, b, b.Alice))
			var tusID string
			require.NoError(t, b.Pool.QueryRow(t.Context(), "SELECT tus_id FROM uploads WHERE id = $1", id).Scan(&tusID))
			if d == uploadtest.Local {
				assert.Equal(t, id, tusID)
				_, err := os.Stat(filepath.Join(b.Config.StagingDir(), id))
				require.NoError(t, err, "staged while in progress")
			} else {
				assert.Contains(t, tusID, id+"/a.mp4+", "the S3 store's id carries the multipart upload's")
			}

			result := b.Sweep(t, time.Now().Add(b.Config.TusTTL+2*time.Minute))

			assert.Equal(t, 1, result.Settled)
			assertNoStaging(t, b, id)
		})
	}
}

func TestPatchAfterTheWindowIsGone(t *testing.T) {
	b := uploadtest.Start(t, uploadtest.Local, func(c *app.Config) { c.TusTTL = time.Second })
	c := tusClient(t, b, b.Alice)
	location, _ := started(t, c)

	time.Sleep(1500 * time.Millisecond) // past the 1 s window, however slow the machine

	resp := c.patch(location, 4, randomBytes(t, 6))
	require.Equal(t, http.StatusGone, resp.StatusCode)
	assert.Equal(t, "this upload's time to complete has passed; create a new upload", decodeFailure(t, resp).Errors[0].Message)
}
