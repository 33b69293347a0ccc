package main

import (
	"errors"
	"fmt"
	"net/url"
	"strings"

	"github.com/jackc/pgx/v5/pgconn"
)

// explainDatabase turns PostgreSQL's refusals into one sentence about
// DATABASE_URL; other errors pass unchanged.
func explainDatabase(err error) error {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && strings.HasPrefix(pgErr.Code, "28") {
		return fmt.Errorf("PostgreSQL refused the login of DATABASE_URL's role: check its user and password (%s)", pgErr.Message)
	}
	if errors.As(err, &pgErr) && pgErr.Code == "3D000" {
		return fmt.Errorf("DATABASE_URL names a database that does not exist: create it first (%s)", pgErr.Message)
	}
	var connectErr *pgconn.ConnectError
	if errors.As(err, &connectErr) {
		return fmt.Errorf("PostgreSQL at DATABASE_URL cannot be reached: is it running? (%w)", err)
	}
	return err
}

func hostOf(rawURL string) string {
	u, err := url.Parse(rawURL)
	if err != nil {
		return ""
	}
	return u.Hostname()
}
