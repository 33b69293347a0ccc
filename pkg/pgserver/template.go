package pgserver

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
)

// templateDir returns a data directory initialised once per machine and
// PostgreSQL version; copying it (~0.2 s) is much faster than initdb (~1.2 s).
// It is built in a temporary directory and renamed into place, so concurrent
// test binaries never see a half-written template.
func templateDir(bin string, acct account) (string, error) {
	final := filepath.Join(os.TempDir(), "vidhost-pgtemplate-"+serverVersion(bin))
	if isInitialised(final) {
		return final, nil
	}
	staging, err := os.MkdirTemp(os.TempDir(), "vidhost-pgtemplate-staging-")
	if err != nil {
		return "", fmt.Errorf("pgserver: template dir: %w", err)
	}
	defer os.RemoveAll(staging) // a no-op once renamed
	if err := acct.chownTree(staging); err != nil {
		return "", fmt.Errorf("pgserver: chown template dir: %w", err)
	}
	if err := initdb(bin, acct, staging); err != nil {
		return "", err
	}
	if err := os.Rename(staging, final); err != nil && !isInitialised(final) {
		return "", fmt.Errorf("pgserver: install template: %w", err)
	}
	return final, nil
}

// initdb initialises dataDir, which must exist, be empty and belong to acct.
func initdb(bin string, acct account, dataDir string) error {
	cmd := acct.command(filepath.Join(bin, "initdb"),
		"-D", dataDir,
		"-U", "postgres",
		"-A", "trust",
		"-E", "UTF8",
		"--locale=C",
		"--no-sync",
		"--no-instructions",
	)
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("pgserver: initdb %s: %w\n%s", dataDir, err, out)
	}
	return nil
}

// copyTemplate fills the empty dataDir from the template; cp -a keeps the
// postgres ownership and the 0700 modes PostgreSQL insists on.
func copyTemplate(template, dataDir string) error {
	out, err := exec.Command("cp", "-a", template+"/.", dataDir+"/").CombinedOutput()
	if err != nil {
		return fmt.Errorf("pgserver: copy template into %s: %w\n%s", dataDir, err, out)
	}
	return nil
}

// isInitialised reports whether dir holds a PostgreSQL data directory.
func isInitialised(dir string) bool {
	_, err := os.Stat(filepath.Join(dir, "PG_VERSION"))
	return err == nil
}

// isEmptyDir reports whether dir exists and has no entries.
func isEmptyDir(dir string) (bool, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, os.ErrNotExist) {
		return false, nil
	}
	return len(entries) == 0, err
}
