package app

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"

	"github.com/vidhost/vidhost/services/identity/internal/bootstrap"
)

// runBootstrap creates the owner on first start and reports it.
func runBootstrap(ctx context.Context, cfg Config, store bootstrap.Store, logger *slog.Logger, report func(Bootstrap)) error {
	res, err := bootstrap.Run(ctx, store, bootstrap.Owner{Email: cfg.OwnerEmail, Password: cfg.OwnerPassword})
	if err != nil {
		return fmt.Errorf("bootstrap: %w", err)
	}
	b := Bootstrap(res)
	switch {
	case report != nil:
		report(b)
	case b.Created:
		path, err := writeCredentials(cfg.BootstrapFile, b)
		if err != nil {
			return fmt.Errorf("bootstrap: the owner was created but its credentials could not be saved "+
				"(reset the owner's password and create a key with the admin tools): %w", err)
		}
		// Never the secrets themselves: logs are shipped and kept where
		// anyone with access to them could read a key.
		logger.Warn("bootstrapped the owner account; its password and first API key were written once to a file only you can read",
			"account_id", b.AccountID, "email", b.Email, "file", path)
	}
	return nil
}

// writeCredentials saves a first start's secrets, which exist nowhere else
// in clear, to a new file of mode 0600. An existing file is never
// overwritten: the secrets go to path.<account id> instead.
func writeCredentials(path string, b Bootstrap) (string, error) {
	body := fmt.Sprintf("VIDHOST_ACCOUNT_ID=%s\nVIDHOST_OWNER_EMAIL=%s\nVIDHOST_OWNER_PASSWORD=%s\nVIDHOST_API_KEY=%s\n",
		b.AccountID, b.Email, b.Password, b.APIKey)
	for _, candidate := range []string{path, path + "." + b.AccountID} {
		f, err := os.OpenFile(candidate, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600) //nolint:gosec // G304: the operator's configured credentials file
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return "", err
		}
		if _, err := f.WriteString(body); err != nil {
			_ = f.Close()
			return "", err
		}
		return candidate, f.Close()
	}
	return "", fmt.Errorf("%s and %s.%s already exist", path, path, b.AccountID)
}
