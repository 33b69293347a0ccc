package e2e

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Access changes take effect when the call that made them returns
// (docs/security-edge.md): each test changes something through the API,
// then, the moment the answer is in, uses what the change revoked, 200
// times. A stale success is the gateway answering from a cache the change
// should have emptied. All five take a few seconds together.

const revocationRounds = 200

func TestDeletedKeyIsRefusedOnTheNextCall(t *testing.T) {
	stale := 0
	for range revocationRounds {
		k := createKey(t, "revoked at once", []string{}, []string{})
		mustOK(t, call(t, "GET", "/v2/categories", *k.Value, nil)) // cached by the gateway now
		mustOK(t, call(t, "DELETE", "/v2/keys/"+k.ID, ownerOf(t), nil))
		if call(t, "GET", "/v2/categories", *k.Value, nil).Status != http.StatusUnauthorized {
			stale++
		}
	}
	assert.Zero(t, stale, "calls with a deleted key that succeeded, of %d", revocationRounds)
}

func TestKeyPatchHoldsOnTheNextCall(t *testing.T) {
	k := createKey(t, "patched", []string{}, []string{})
	staleWrites, staleAddresses, staleRestores := 0, 0, 0
	for range revocationRounds {
		mustOK(t, call(t, "PATCH", "/v2/keys/"+k.ID, ownerOf(t), map[string]any{"permissions": []string{}, "ips": []string{}}))
		if call(t, "GET", "/v2/categories", *k.Value, nil).Status != http.StatusOK { // the read-write credential cached
			staleRestores++ // widening access must hold at once too
		}
		mustOK(t, call(t, "PATCH", "/v2/keys/"+k.ID, ownerOf(t), map[string]any{"permissions": []string{"fetch"}}))
		// A write with a read-only key is a 403 before any lookup; a stale
		// read-write credential would reach the catalog and get its 404.
		if call(t, "DELETE", "/v2/categories/"+missingID, *k.Value, nil).Status != http.StatusForbidden {
			staleWrites++
		}
		mustOK(t, call(t, "PATCH", "/v2/keys/"+k.ID, ownerOf(t), map[string]any{"permissions": []string{}, "ips": []string{"203.0.113.7"}}))
		if call(t, "GET", "/v2/categories", *k.Value, nil).Status != http.StatusForbidden {
			staleAddresses++
		}
	}
	assert.Zero(t, staleWrites, "writes with a key just made read-only that got past the gateway")
	assert.Zero(t, staleAddresses, "calls from an address a key no longer allows that succeeded")
	assert.Zero(t, staleRestores, "calls refused after the key was given its rights back")
}

func TestDisabledVideoIsRefusedOnTheNextRequest(t *testing.T) {
	v := mediaVideo(t, "public")
	manifest, mp4 := suiteOf(t).URL+"/media/"+v.ID+"/stream/master.m3u8", suiteOf(t).URL+"/media/"+v.ID+"/video.mp4"
	stalePages, staleManifests, staleMP4s, staleRestores := 0, 0, 0, 0
	for range revocationRounds {
		mustOK(t, call(t, "PATCH", "/v2/videos/"+v.ID, ownerOf(t), map[string]any{"enabled": true}))
		if status, _ := fetchMedia(t, manifest); status != http.StatusOK { // the open video cached by the edge
			staleRestores++
		}
		mustOK(t, call(t, "PATCH", "/v2/videos/"+v.ID, ownerOf(t), map[string]any{"enabled": false}))
		if _, page := fetchMedia(t, suiteOf(t).URL+"/watch/"+v.ID); !strings.Contains(string(page), "Its owner has disabled it") {
			stalePages++
		}
		if status, _ := fetchMedia(t, manifest); status != http.StatusNotFound {
			staleManifests++
		}
		if status, _ := fetchMedia(t, mp4); status != http.StatusNotFound {
			staleMP4s++
		}
	}
	assert.Zero(t, stalePages, "watch pages of a disabled video not refused")
	assert.Zero(t, staleManifests, "manifests of a disabled video served")
	assert.Zero(t, staleMP4s, "MP4s of a disabled video served")
	assert.Zero(t, staleRestores, "manifests refused after the video was enabled again")
}

func TestPrivateVideoIsRefusedOnTheNextRequest(t *testing.T) {
	v := mediaVideo(t, "public")
	manifest, mp4 := suiteOf(t).URL+"/media/"+v.ID+"/stream/master.m3u8", suiteOf(t).URL+"/media/"+v.ID+"/video.mp4"
	stalePages, staleManifests, staleMP4s, staleRestores := 0, 0, 0, 0
	for range revocationRounds {
		mustOK(t, call(t, "PATCH", "/v2/videos/"+v.ID, ownerOf(t), map[string]any{"privacy": "public"}))
		if status, _ := fetchMedia(t, manifest); status != http.StatusOK { // the open video cached by the edge
			staleRestores++
		}
		mustOK(t, call(t, "PATCH", "/v2/videos/"+v.ID, ownerOf(t), map[string]any{"privacy": "private"}))
		if _, page := fetchMedia(t, suiteOf(t).URL+"/watch/"+v.ID); !strings.Contains(string(page), "This video is private") {
			stalePages++
		}
		if status, _ := fetchMedia(t, manifest); status != http.StatusForbidden {
			staleManifests++
		}
		if status, _ := fetchMedia(t, mp4); status != http.StatusForbidden {
			staleMP4s++
		}
	}
	assert.Zero(t, stalePages, "watch pages of a video made private shown without a credential")
	assert.Zero(t, staleManifests, "manifests of a video made private served without a credential")
	assert.Zero(t, staleMP4s, "MP4s of a video made private served without a credential")
	assert.Zero(t, staleRestores, "manifests refused after the video was made public again")
}

func TestDeletedJWTKeyRevokesJWTsAndTheirTokensAtOnce(t *testing.T) {
	v := mediaVideo(t, "private")
	manifest := suiteOf(t).URL + "/media/" + v.ID + "/stream/master.m3u8"
	staleJWTs, staleTokens := 0, 0
	for range revocationRounds {
		key := registerViewerKey(t)
		jwt := key.mint(t, v.ID, 5*time.Minute)
		status, body := fetchMedia(t, manifest+"?jwt="+jwt) // the key cached by the edge
		require.Equal(t, http.StatusOK, status, string(body))
		token := mediaTokenIn.FindStringSubmatch(string(body))
		require.NotNil(t, token, "the rewritten manifest carries a media token: %s", body)
		status, _ = fetchMedia(t, manifest+"?token="+token[1])
		require.Equal(t, http.StatusOK, status)

		mustOK(t, call(t, "DELETE", "/v2/jwt_keys/"+key.id, ownerOf(t), nil))
		if status, _ := fetchMedia(t, manifest+"?jwt="+jwt); status != http.StatusForbidden {
			staleJWTs++
		}
		if status, _ := fetchMedia(t, manifest+"?token="+token[1]); status != http.StatusForbidden {
			staleTokens++
		}
	}
	assert.Zero(t, staleJWTs, "viewer JWTs of a deleted key accepted")
	assert.Zero(t, staleTokens, "media tokens minted from a deleted key's JWT accepted")
}
