package stack

import (
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/vidhost/vidhost/pkg/secrets"
)

// secretFile holds the devstack's root secret, generated on the first run
// (mode 0600) so the keys derived from it, database passwords, NATS users,
// signed URLs, survive restarts.
const secretFile = "internal.secret"

// rootSecret returns VIDHOST_INTERNAL_SECRET when set, else the secret kept
// in var/internal.secret, creating it on the first run. Either way it is
// checked for length; it is never logged.
// A server never creates one (create false): vidhost-server init does, and
// a missing one means a wrong data directory or a lost file.
func rootSecret(varDir, configured string, create bool) (string, error) {
	if configured != "" {
		if err := secrets.Check("VIDHOST_INTERNAL_SECRET", configured); err != nil {
			return "", err
		}
		return configured, nil
	}
	path := filepath.Join(varDir, secretFile)
	saved, err := os.ReadFile(path) //nolint:gosec // G304: a fixed name under the devstack's var dir
	if errors.Is(err, fs.ErrNotExist) && create {
		return createSecret(path)
	}
	if errors.Is(err, fs.ErrNotExist) {
		return "", fmt.Errorf("the root secret %s is missing: is VIDHOST_DATA_DIR right, and was `vidhost-server init` run?", path)
	}
	if err != nil {
		return "", fmt.Errorf("read %s: %w", path, err)
	}
	secret := strings.TrimSpace(string(saved))
	if err := secrets.Check(path, secret); err != nil {
		return "", err
	}
	return secret, nil
}

func createSecret(path string) (string, error) {
	secret := hex.EncodeToString(secrets.Bytes(32))
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600) //nolint:gosec // G304: a fixed name under the devstack's var dir
	if err != nil {
		return "", fmt.Errorf("create %s: %w", path, err)
	}
	if _, err := f.WriteString(secret + "\n"); err != nil {
		_ = f.Close()
		return "", err
	}
	return secret, f.Close()
}
