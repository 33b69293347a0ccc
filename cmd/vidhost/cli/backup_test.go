package cli

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestBackupMistakes: each mistake is one sentence, and nothing is written.
func TestBackupMistakes(t *testing.T) {
	env := Env{Getenv: noEnv, Dir: t.TempDir(), ConfigDir: t.TempDir(), CacheDir: t.TempDir()}
	noDatabase := filepath.Join(t.TempDir(), "vidhost.env")
	require.NoError(t, os.WriteFile(noDatabase, []byte("# no DATABASE_URL\nVIDHOST_DATA_DIR=/tmp/x\n"), 0o600))
	notABackup := t.TempDir()
	config := filepath.Join(t.TempDir(), "vidhost.env")
	require.NoError(t, os.WriteFile(config, []byte("DATABASE_URL=postgres://nobody@127.0.0.1:1/none\nVIDHOST_DATA_DIR="+t.TempDir()+"\n"), 0o600))
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"no directory", []string{"admin", "backup"}, "vidhost: a backup directory is required (--to DIR or --from DIR)\n"},
		{"no devstack", []string{"admin", "backup", "--to", t.TempDir()},
			"vidhost: no devstack here (var/devstack.env: open " + filepath.Join(env.Dir, "var/devstack.env") + ": no such file or directory); give --config FILE\n"},
		{"no database in the configuration", []string{"admin", "backup", "--to", t.TempDir(), "--config", noDatabase},
			"vidhost: the configuration file " + noDatabase + " has no DATABASE_URL\n"},
		{"restore from no backup", []string{"admin", "restore", "--from", notABackup, "--config", config},
			"vidhost: " + notABackup + " has no manifest.json: it is not a finished backup\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := run(t, env, tc.args...)
			assert.Equal(t, exitFailed, code)
			assert.Empty(t, stdout)
			assert.Equal(t, tc.want, stderr)
		})
	}
}
