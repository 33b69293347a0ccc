package job

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestSweepWorkDirKeepsLiveAttempts(t *testing.T) {
	root := t.TempDir()
	live, err := newAttemptDir(root)
	require.NoError(t, err)
	defer live.remove()
	dead, err := newAttemptDir(root)
	require.NoError(t, err)
	require.NoError(t, dead.lock.Close()) // its process died: the kernel drops the lock
	lockless := filepath.Join(root, "attempt-lockless")
	require.NoError(t, os.Mkdir(lockless, 0o755))
	young := filepath.Join(root, "attempt-young")
	require.NoError(t, os.Mkdir(young, 0o755))
	old := time.Now().Add(-time.Hour)
	require.NoError(t, os.Chtimes(lockless, old, old))
	other := filepath.Join(root, "not-ours")
	require.NoError(t, os.Mkdir(other, 0o755))

	require.NoError(t, SweepWorkDir(root))

	assert.DirExists(t, live.path, "a running attempt")
	assert.NoDirExists(t, dead.path, "a dead attempt")
	assert.NoDirExists(t, lockless, "a crash before the lock was taken")
	assert.DirExists(t, young, "maybe an attempt about to take its lock")
	assert.DirExists(t, other, "not an attempt directory")
}
