package app

import (
	"context"
	"fmt"
	"log/slog"

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
		logCredentials(logger, b, cfg.OwnerPassword == "")
	}
	return nil
}

// logCredentials shows a first start's secrets to the operator, once: they
// exist nowhere else in clear.
func logCredentials(logger *slog.Logger, b Bootstrap, generatedPassword bool) {
	password := "(as set in VIDHOST_OWNER_PASSWORD)"
	if generatedPassword {
		password = b.Password
	}
	logger.Warn("bootstrapped the owner account; these secrets are shown only now",
		"account_id", b.AccountID, "email", b.Email, "password", password, "api_key", b.APIKey)
}
