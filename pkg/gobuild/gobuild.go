package gobuild

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"
)

// Options change how the binaries are built; each distinct set gets a folder
// of its own, so a CGO_ENABLED=0 build never replaces a cgo one.
type Options struct {
	// Env is added to the environment of `go build` (e.g. CGO_ENABLED=0).
	Env []string
	// Flags go before the packages (e.g. -trimpath).
	Flags []string
}

// Build builds packages (import paths, or paths relative to the module
// root) into their cache folder and returns it; binary names are go build's
// (the last element of each package path).
func Build(ctx context.Context, opts Options, packages ...string) (string, error) {
	if len(packages) == 0 {
		return "", errors.New("gobuild: no packages")
	}
	root, err := moduleRoot(ctx)
	if err != nil {
		return "", err
	}
	dir := filepath.Join(root, "var", "cache", "gobuild", key(opts, packages))
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return "", fmt.Errorf("gobuild: %w", err)
	}
	unlock, err := lock(dir + ".lock")
	if err != nil {
		return "", err
	}
	defer unlock()
	args := append(append([]string{"build"}, opts.Flags...), "-o", dir+string(filepath.Separator))
	cmd := exec.CommandContext(ctx, "go", append(args, packages...)...) //nolint:gosec // G204: the caller's fixed package list
	cmd.Dir = root
	// GOFLAGS from the test's environment (e.g. -count) mean nothing to a build.
	cmd.Env = append(append(os.Environ(), "GOFLAGS="), opts.Env...)
	if out, err := cmd.CombinedOutput(); err != nil {
		return "", fmt.Errorf("go build %s: %w\n%s", strings.Join(packages, " "), err, out)
	}
	if err := steadyTimes(dir); err != nil {
		return "", err
	}
	if err := watchInputs(ctx, root, opts, packages); err != nil {
		return "", err
	}
	return dir, nil
}

// key names the folder of one set of packages and options.
func key(opts Options, packages []string) string {
	sum := sha256.New()
	for _, part := range [][]string{opts.Env, opts.Flags, packages} {
		fmt.Fprintf(sum, "%q\n", part)
	}
	return hex.EncodeToString(sum.Sum(nil))[:16]
}

// moduleRoot is the folder of the main module's go.mod (go env GOMOD, which
// answers the same from any package folder of the module).
func moduleRoot(ctx context.Context) (string, error) {
	out, err := exec.CommandContext(ctx, "go", "env", "GOMOD").Output()
	if err != nil {
		return "", fmt.Errorf("gobuild: go env GOMOD: %w", err)
	}
	gomod := strings.TrimSpace(string(out))
	if gomod == "" || gomod == os.DevNull {
		return "", errors.New("gobuild: not inside a module")
	}
	return filepath.Dir(gomod), nil
}

// lock takes an exclusive lock on path (created if need be), waiting for
// another holder; unlock releases it.
func lock(path string) (unlock func(), err error) {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_RDWR, 0o600) //nolint:gosec // G304: a path this package made under var/cache
	if err != nil {
		return nil, fmt.Errorf("gobuild: %w", err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		_ = f.Close()
		return nil, fmt.Errorf("gobuild: lock %s: %w", path, err)
	}
	return func() { _ = f.Close() }, nil // closing the file releases the lock
}

// builtAt is the modification time every binary in a cache folder gets.
var builtAt = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)

// steadyTimes sets the binaries' modification times to builtAt. go build
// touches a binary it found up to date, and a test that runs it stats it
// (exec looks the path up), which puts it in the test log: a binary whose
// time moves on every run would keep Go's test cache from ever answering
// (and one touched within the last seconds is "too new" to cache at all).
// Its content is pinned by the sources watchInputs stats.
func steadyTimes(dir string) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return fmt.Errorf("gobuild: %w", err)
	}
	for _, e := range entries {
		if err := os.Chtimes(filepath.Join(dir, e.Name()), builtAt, builtAt); err != nil {
			return fmt.Errorf("gobuild: %w", err)
		}
	}
	return nil
}
