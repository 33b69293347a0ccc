package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const testSecret = "test-internal-secret-test-internal-secret"

func noEnv(string) string { return "" }

func run(t *testing.T, env Env, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = Run(t.Context(), args, env, &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestUsageMistakes(t *testing.T) {
	env := Env{Getenv: noEnv, Dir: t.TempDir(), ConfigDir: t.TempDir(), CacheDir: t.TempDir()}
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"no command", []string{}, "a command is required"},
		{"unknown command", []string{"admin", "accounts", "explode"}, `unknown command "explode" for "vidhost admin accounts"`},
		{"create without a name", []string{"admin", "accounts", "create", "--owner-email", "a@example.com"}, "--name and --owner-email are required"},
		{"set-plan without its plan", []string{"admin", "accounts", "set-plan", "ID"}, "expects 2 argument(s): ACCOUNT_ID PLAN"},
		{"unknown flag", []string{"admin", "keys", "recover", "ID", "--force"}, "unknown flag: --force"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := run(t, env, tc.args...)
			assert.Equal(t, exitUsage, code)
			assert.Empty(t, stdout)
			assert.Contains(t, stderr, tc.want)
		})
	}
}

func TestWithoutIdentityTheErrorSaysWhereToLook(t *testing.T) {
	code, stdout, _ := run(t, Env{Getenv: noEnv, Dir: t.TempDir()}, "admin", "accounts", "list", "--json")
	assert.Equal(t, exitFailed, code)
	var got struct {
		Error struct{ Code, Message string }
	}
	require.NoError(t, json.Unmarshal([]byte(stdout), &got), "one JSON object even on failure: %s", stdout)
	assert.Contains(t, got.Error.Message, "--identity-addr")
}

func TestResolveOrder(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "var"), 0o700))
	secretPath := filepath.Join(dir, "var", "internal.secret")
	require.NoError(t, os.WriteFile(secretPath, []byte(testSecret+"\n"), 0o600))
	require.NoError(t, os.WriteFile(filepath.Join(dir, devstackEnv),
		[]byte("VIDHOST_URL=http://x\nVIDHOST_IDENTITY_ADDR=127.0.0.1:7001\nVIDHOST_INTERNAL_SECRET_FILE="+secretPath+"\n"), 0o600))

	got, err := resolve(Env{Getenv: noEnv, Dir: dir}, "", "")
	require.NoError(t, err)
	assert.Equal(t, target{addr: "127.0.0.1:7001", secret: testSecret}, got, "from var/devstack.env")

	environ := map[string]string{"VIDHOST_IDENTITY_ADDR": "127.0.0.1:7002", "VIDHOST_INTERNAL_SECRET": "other-" + testSecret}
	got, err = resolve(Env{Getenv: func(k string) string { return environ[k] }, Dir: dir}, "", "")
	require.NoError(t, err)
	assert.Equal(t, target{addr: "127.0.0.1:7002", secret: "other-" + testSecret}, got, "the environment wins")

	got, err = resolve(Env{Getenv: func(k string) string { return environ[k] }, Dir: dir}, "127.0.0.1:7003", "")
	require.NoError(t, err)
	assert.Equal(t, "127.0.0.1:7003", got.addr, "the flag wins")
}

func TestResolveFromASingleServersConfiguration(t *testing.T) {
	data := t.TempDir()
	secretPath := filepath.Join(data, "internal.secret")
	require.NoError(t, os.WriteFile(secretPath, []byte(testSecret+"\n"), 0o600))
	require.NoError(t, os.WriteFile(filepath.Join(data, "server.env"),
		[]byte("VIDHOST_IDENTITY_ADDR=127.0.0.1:7004\nVIDHOST_INTERNAL_SECRET_FILE="+secretPath+"\n"), 0o600))
	configPath := filepath.Join(t.TempDir(), "vidhost.env")
	require.NoError(t, os.WriteFile(configPath, []byte("# a comment\nVIDHOST_DATA_DIR="+data+"\n"), 0o600))

	got, err := resolve(Env{Getenv: noEnv, Dir: t.TempDir()}, "", configPath)
	require.NoError(t, err)
	assert.Equal(t, target{addr: "127.0.0.1:7004", secret: testSecret}, got)

	_, err = resolve(Env{Getenv: noEnv, Dir: t.TempDir()}, "", filepath.Join(data, "missing.env"))
	assert.ErrorContains(t, err, "read the configuration")
}

func TestUnreachableIdentityIsOneJSONError(t *testing.T) {
	environ := map[string]string{"VIDHOST_INTERNAL_SECRET": testSecret}
	env := Env{Getenv: func(k string) string { return environ[k] }, Dir: t.TempDir()}
	code, stdout, _ := run(t, env, "admin", "accounts", "disable", "--identity-addr", "127.0.0.1:1", "SOMEID", "--json")
	assert.Equal(t, exitFailed, code)
	var got struct {
		Error struct{ Code, Message string }
	}
	require.NoError(t, json.Unmarshal([]byte(stdout), &got), stdout)
	assert.Equal(t, "unavailable", got.Error.Code)
}
