package e2e

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"regexp"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/blob"
)

// fabricatedMedia are files written straight into a video's media folder,
// so the edge has something to serve without a transcode (the edge serves
// any file of the folder whatever the video's status).
var fabricatedMedia = map[string]string{
	"stream/master.m3u8": "#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-STREAM-INF:BANDWIDTH=800000\nstream_0.m3u8\n",
	"video.mp4":          "not really an mp4, but the edge serves bytes",
}

// mediaVideo creates a video of the given privacy with fabricatedMedia in
// its folder.
func mediaVideo(t *testing.T, privacy string) video {
	t.Helper()
	v := createVideo(t, map[string]any{"name": "revocation e2e", "privacy": privacy})
	store, err := blob.Open(context.Background(), suiteOf(t).Blob().Config())
	require.NoError(t, err)
	for path, body := range fabricatedMedia {
		key := "videos/" + suiteOf(t).Credentials.AccountID + "/" + v.ID + "/" + path
		require.NoError(t, store.Put(context.Background(), key, bytes.NewReader([]byte(body)), int64(len(body)), ""))
	}
	return v
}

// viewerKey is a registered JWT key with its private half.
type viewerKey struct {
	id      string
	private *ecdsa.PrivateKey
}

// registerViewerKey makes an EC P-256 key and registers its public half.
func registerViewerKey(t *testing.T) viewerKey {
	t.Helper()
	private, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	require.NoError(t, err)
	der, err := x509.MarshalPKIXPublicKey(private.Public())
	require.NoError(t, err)
	publicPEM := string(pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: der}))
	var registered struct {
		ID string `json:"id"`
	}
	mustOK(t, call(t, "POST", "/v2/jwt_keys", ownerOf(t), map[string]any{"name": "revocation", "public_key": publicPEM})).decode(t, &registered)
	return viewerKey{id: registered.ID, private: private}
}

// mint signs an ES256 viewer JWT for videoID living for lifetime, the way
// docs/playback.md's Node example does.
func (k viewerKey) mint(t *testing.T, videoID string, lifetime time.Duration) string {
	t.Helper()
	part := func(v any) string {
		raw, err := json.Marshal(v)
		require.NoError(t, err)
		return base64.RawURLEncoding.EncodeToString(raw)
	}
	now := time.Now().Unix()
	input := part(map[string]any{"alg": "ES256", "typ": "JWT", "kid": k.id}) + "." +
		part(map[string]any{"sub": videoID, "iat": now, "exp": now + int64(lifetime/time.Second)})
	digest := sha256.Sum256([]byte(input))
	r, s, err := ecdsa.Sign(rand.Reader, k.private, digest[:])
	require.NoError(t, err)
	signature := make([]byte, 64) // JWS wants r||s, each 32 bytes
	r.FillBytes(signature[:32])
	s.FillBytes(signature[32:])
	return input + "." + base64.RawURLEncoding.EncodeToString(signature)
}

// mediaTokenIn finds the media token a rewritten manifest put on its URLs
// (a session-bound one has "s~<ref>" for its kid).
var mediaTokenIn = regexp.MustCompile(`token=([0-9]+\.[A-Za-z0-9_~-]*\.[A-Za-z0-9_-]+)`)
