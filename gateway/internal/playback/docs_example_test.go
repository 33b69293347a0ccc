package playback_test

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/rand"
	"crypto/sha256"
	"encoding/asn1"
	"encoding/base64"
	"encoding/json"
	"math/big"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/gateway/internal/playback/playbacktest"
)

// docsScript extracts the Node.js example from docs/playback.md: the ```js
// block after its marker, so the test runs exactly what readers copy.
func docsScript(t *testing.T) string {
	t.Helper()
	doc, err := os.ReadFile(filepath.Join("..", "..", "..", "docs", "playback.md"))
	require.NoError(t, err)
	_, rest, found := strings.Cut(string(doc), "<!-- mint-viewer-jwt.mjs")
	require.True(t, found, "the example's marker is in docs/playback.md")
	_, rest, found = strings.Cut(rest, "```js\n")
	require.True(t, found)
	script, _, found := strings.Cut(rest, "\n```")
	require.True(t, found)
	return script + "\n"
}

// The documented Node.js script mints JWTs the edge accepts, with RSA and
// EC keys. Node is installed wherever the player bundle is built.
func TestDocumentedNodeExampleMintsAcceptedJWTs(t *testing.T) {
	node, err := exec.LookPath("node")
	require.NoError(t, err, "node is needed to test the documented example (apt-get install nodejs)")
	dir := t.TempDir()
	script := filepath.Join(dir, "mint-viewer-jwt.mjs")
	require.NoError(t, os.WriteFile(script, []byte(docsScript(t)), 0o644))
	e := playbacktest.StartEdge(t)
	v := newVideo(t, e, "private")

	for _, key := range []playbacktest.ViewerKey{playbacktest.NewRSAKey(t), playbacktest.NewECKey(t)} {
		t.Run(key.Algorithm, func(t *testing.T) {
			e.Backends.Identity.PutKey(accountA, key)
			pemFile := filepath.Join(dir, key.Algorithm+".pem")
			require.NoError(t, os.WriteFile(pemFile, []byte(key.PrivatePEM), 0o600))
			cmd := exec.Command(node, script, v.GetVideoId(), "120")
			cmd.Env = append(os.Environ(), "VIDHOST_JWT_KEY_ID="+key.ID, "VIDHOST_JWT_PRIVATE_KEY="+pemFile)
			out, err := cmd.Output()
			require.NoError(t, err, "%s", out)
			jwt := strings.TrimSpace(string(out))

			header := decodePart(t, jwt, 0)
			assert.Equal(t, map[string]any{"alg": key.Algorithm, "typ": "JWT", "kid": key.ID}, header)
			assert.Equal(t, http.StatusOK, get(t, e.URL+"/embed/"+v.GetVideoId()+"?jwt="+jwt).StatusCode)
			assert.Equal(t, http.StatusOK, get(t, mediaURL(e, v, "stream/master.m3u8", "jwt="+jwt)).StatusCode)
		})
	}
}

// mintLikeTheDocs is the documented script in Go, step for step, for
// readers who want the same without node.
func mintLikeTheDocs(t *testing.T, key playbacktest.ViewerKey, videoID string, lifetime time.Duration) string {
	t.Helper()
	encode := func(part any) string {
		b, err := json.Marshal(part)
		require.NoError(t, err)
		return base64.RawURLEncoding.EncodeToString(b)
	}
	now := time.Now().Unix()
	signingInput := encode(map[string]any{"alg": key.Algorithm, "typ": "JWT", "kid": key.ID}) + "." +
		encode(map[string]any{"sub": videoID, "iat": now, "exp": now + int64(lifetime.Seconds())})
	digest := sha256.Sum256([]byte(signingInput))
	signature, err := key.Private.Sign(rand.Reader, digest[:], crypto.SHA256)
	require.NoError(t, err)
	if ec, ok := key.Private.(*ecdsa.PrivateKey); ok { // DER to r||s, as dsaEncoding: 'ieee-p1363'
		signature = p1363(t, ec, signature)
	}
	return signingInput + "." + base64.RawURLEncoding.EncodeToString(signature)
}

func p1363(t *testing.T, key *ecdsa.PrivateKey, der []byte) []byte {
	t.Helper()
	var sig struct{ R, S *big.Int }
	_, err := asn1.Unmarshal(der, &sig)
	require.NoError(t, err)
	size := (key.Curve.Params().BitSize + 7) / 8
	out := make([]byte, 2*size)
	sig.R.FillBytes(out[:size])
	sig.S.FillBytes(out[size:])
	return out
}

func TestGoVersionOfTheDocumentedExample(t *testing.T) {
	e := playbacktest.StartEdge(t)
	v := newVideo(t, e, "private")
	for _, key := range []playbacktest.ViewerKey{playbacktest.NewRSAKey(t), playbacktest.NewECKey(t)} {
		e.Backends.Identity.PutKey(accountA, key)
		jwt := mintLikeTheDocs(t, key, v.GetVideoId(), 2*time.Minute)
		assert.Equal(t, http.StatusOK, get(t, mediaURL(e, v, "stream/master.m3u8", "jwt="+jwt)).StatusCode, key.Algorithm)
	}
}

func decodePart(t *testing.T, jwt string, i int) map[string]any {
	t.Helper()
	parts := strings.Split(jwt, ".")
	require.Len(t, parts, 3)
	raw, err := base64.RawURLEncoding.DecodeString(parts[i])
	require.NoError(t, err)
	var out map[string]any
	require.NoError(t, json.Unmarshal(raw, &out))
	return out
}
