package job

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"time"
)

// attemptPattern names attempt directories inside the work directory.
const attemptPattern = "attempt-*"

// lockName is the file an attempt holds an exclusive flock on while it
// runs. The kernel releases it when the process dies, however it dies.
const lockName = ".lock"

// attemptDir is the scratch directory of one attempt: the source and the
// outputs before upload. Each attempt gets its own, so a redelivery that
// lands on the same machine never shares files with an earlier attempt.
type attemptDir struct {
	path string
	lock *os.File
}

func newAttemptDir(workDir string) (*attemptDir, error) {
	if err := os.MkdirAll(workDir, 0o750); err != nil {
		return nil, err
	}
	path, err := os.MkdirTemp(workDir, attemptPattern)
	if err != nil {
		return nil, err
	}
	lock, err := lockFile(filepath.Join(path, lockName), os.O_CREATE|os.O_RDWR)
	if err != nil {
		os.RemoveAll(path)
		return nil, err
	}
	return &attemptDir{path: path, lock: lock}, nil
}

// remove deletes the directory, then lets go of its lock.
func (d *attemptDir) remove() error {
	err := os.RemoveAll(d.path)
	return errors.Join(err, d.lock.Close())
}

// SweepWorkDir removes attempt directories that no live process holds: what
// a worker killed mid-job (SIGKILL, OOM) left behind. Workers sharing the
// directory are safe, since their own attempts are locked.
func SweepWorkDir(workDir string) error {
	dirs, err := filepath.Glob(filepath.Join(workDir, attemptPattern))
	if err != nil {
		return err
	}
	var errs []error
	for _, dir := range dirs {
		lock, err := lockFile(filepath.Join(dir, lockName), os.O_RDWR)
		switch {
		case errors.Is(err, syscall.EWOULDBLOCK):
			continue // a running attempt
		case errors.Is(err, fs.ErrNotExist) && justMade(dir):
			continue // an attempt between MkdirTemp and taking its lock
		}
		errs = append(errs, os.RemoveAll(dir))
		if lock != nil {
			lock.Close()
		}
	}
	return errors.Join(errs...)
}

// justMade says dir is too young to be the leftover of a crash.
func justMade(dir string) bool {
	info, err := os.Stat(dir)
	return err == nil && time.Since(info.ModTime()) < time.Minute
}

// lockFile opens path and takes an exclusive flock without waiting.
func lockFile(path string, flag int) (*os.File, error) {
	file, err := os.OpenFile(path, flag, 0o600) //nolint:gosec // G304: a lock file in the worker's own work directory
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(file.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		file.Close()
		return nil, err
	}
	return file, nil
}
