package cli

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"encoding/json"
	"encoding/pem"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/lestrrat-go/jwx/v2/jwa"
	"github.com/lestrrat-go/jwx/v2/jws"
	"github.com/lestrrat-go/jwx/v2/jwt"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	vidhost "github.com/vidhost/vidhost/sdk/go"
)

// isolated is an environment with nothing saved and nothing set.
func isolated(t *testing.T, environ map[string]string) Env {
	return Env{Getenv: func(k string) string { return environ[k] }, Dir: t.TempDir(),
		ConfigDir: t.TempDir(), CacheDir: t.TempDir(), Stdin: strings.NewReader("")}
}

func TestWithoutCredentialsTheErrorSaysHowToLogIn(t *testing.T) {
	code, stdout, _ := run(t, isolated(t, nil), "videos", "ls", "--json")
	assert.Equal(t, exitFailed, code)
	var got struct {
		Error struct{ Code, Message string }
	}
	require.NoError(t, json.Unmarshal([]byte(stdout), &got), stdout)
	assert.Contains(t, got.Error.Message, "vidhost login")
}

func TestCredentialsOrder(t *testing.T) {
	environ := map[string]string{}
	env := isolated(t, environ)
	a := &app{env: env}
	require.NoError(t, os.MkdirAll(filepath.Join(env.Dir, "var"), 0o700))
	require.NoError(t, os.WriteFile(filepath.Join(env.Dir, devstackEnv),
		[]byte("export VIDHOST_URL=http://devstack\nexport VIDHOST_API_KEY=vh_devstack\n"), 0o600))

	got, err := a.credentials()
	require.NoError(t, err)
	assert.Equal(t, login{URL: "http://devstack", APIKey: "vh_devstack"}, got, "var/devstack.env last")

	path, err := a.saveLogin(login{URL: "http://saved", APIKey: "vh_saved"})
	require.NoError(t, err)
	info, err := os.Stat(path)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), info.Mode().Perm())
	got, err = a.credentials()
	require.NoError(t, err)
	assert.Equal(t, login{URL: "http://saved", APIKey: "vh_saved"}, got, "the login before the checkout's file")

	environ["VIDHOST_API_KEY"] = "vh_env"
	got, err = a.credentials()
	require.NoError(t, err)
	assert.Equal(t, login{URL: "http://saved", APIKey: "vh_env"}, got, "the environment wins, each value on its own")
}

func TestLoginRefusesAURLWithoutScheme(t *testing.T) {
	env := isolated(t, nil)
	env.Stdin = strings.NewReader("videos.example.com\nvh_key\n")
	code, _, stderr := run(t, env, "login")
	assert.Equal(t, exitFailed, code)
	assert.Contains(t, stderr, "Vidhost URL: API key: ")
	assert.Contains(t, stderr, "must start with http:// or https://")
}

func TestResumeStoreIsPerFileVersionAndInstallation(t *testing.T) {
	env := isolated(t, nil)
	store, err := (&app{env: env}).resumeStore()
	require.NoError(t, err)
	file := filepath.Join(t.TempDir(), "clip.mp4")
	require.NoError(t, os.WriteFile(file, []byte("first"), 0o600))
	info, err := os.Stat(file)
	require.NoError(t, err)
	fp := fingerprint("http://a", file, info)
	assert.NotEqual(t, fp, fingerprint("http://b", file, info), "another installation")

	saved := vidhost.TusUpload{URL: "http://a/v2/uploads/tus/x", ID: "x"}
	require.NoError(t, store.save(fp, saved))
	assert.Equal(t, &saved, store.load(fp))

	later := time.Now().Add(time.Minute)
	require.NoError(t, os.Chtimes(file, later, later))
	changed, err := os.Stat(file)
	require.NoError(t, err)
	assert.Nil(t, store.load(fingerprint("http://a", file, changed)), "a modified file starts afresh")

	require.NoError(t, store.forget(fp))
	assert.Nil(t, store.load(fp))
	require.NoError(t, store.forget(fp), "forgetting twice is fine")
}

func TestJWTSign(t *testing.T) {
	private, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	require.NoError(t, err)
	der, err := x509.MarshalECPrivateKey(private)
	require.NoError(t, err)
	keyPath := filepath.Join(t.TempDir(), "viewer-key.pem")
	require.NoError(t, os.WriteFile(keyPath, pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: der}), 0o600))

	code, stdout, stderr := run(t, isolated(t, map[string]string{"VIDHOST_JWT_KEY_ID": "kid-1"}),
		"jwt", "sign", "video-1", "--key", keyPath, "--ttl", "2h", "--json")
	require.Equal(t, exitOK, code, stderr)
	var got struct{ JWT, Expires string }
	require.NoError(t, json.Unmarshal([]byte(stdout), &got), stdout)
	msg, err := jws.Parse([]byte(got.JWT))
	require.NoError(t, err)
	assert.Equal(t, "kid-1", msg.Signatures()[0].ProtectedHeaders().KeyID())
	claims, err := jwt.Parse([]byte(got.JWT), jwt.WithKey(jwa.ES256, private.Public()))
	require.NoError(t, err)
	assert.Equal(t, "video-1", claims.Subject())
	assert.Equal(t, 2*time.Hour, claims.Expiration().Sub(claims.IssuedAt()))

	code, _, stderr = run(t, isolated(t, nil), "jwt", "sign", "video-1", "--key", keyPath)
	assert.Equal(t, exitFailed, code)
	assert.Contains(t, stderr, "--kid")
}

func TestVersionAndCompletion(t *testing.T) {
	code, stdout, _ := run(t, isolated(t, nil), "--version")
	assert.Equal(t, exitOK, code)
	assert.Contains(t, stdout, "vidhost version ")
	code, stdout, _ = run(t, isolated(t, nil), "completion", "bash")
	assert.Equal(t, exitOK, code)
	assert.Contains(t, stdout, "__start_vidhost")
}

func TestAPIErrorsAreShownInTheAPIsWords(t *testing.T) {
	apiErr := &vidhost.Error{Status: 404, Code: "not_found", Message: "Not found"}
	code, message := errorMessage(fmt.Errorf("clip.mp4: %w", apiErr))
	assert.Equal(t, "not_found", code)
	assert.Equal(t, "clip.mp4: Not found", message)
}
