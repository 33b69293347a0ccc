package pg

import (
	"errors"

	"github.com/jackc/pgx/v5/pgconn"
)

// SQLSTATE codes this package recognises.
const (
	codeUniqueViolation     = "23505"
	codeForeignKeyViolation = "23503"
	codeDuplicateSchema     = "42P06"
)

// IsUniqueViolation reports whether err is (or wraps) a PostgreSQL
// unique_violation, e.g. an INSERT of a name that already exists.
func IsUniqueViolation(err error) bool {
	return hasCode(err, codeUniqueViolation)
}

// IsForeignKeyViolation reports whether err is (or wraps) a PostgreSQL
// foreign_key_violation, e.g. a row pointing at a parent that is gone.
func IsForeignKeyViolation(err error) bool {
	return hasCode(err, codeForeignKeyViolation)
}

// ConstraintName returns the name of the constraint err violated, or "" when
// err is not a constraint violation. Stores use it to tell which unique key
// clashed when a table has several.
func ConstraintName(err error) string {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		return pgErr.ConstraintName
	}
	return ""
}

func hasCode(err error, code string) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == code
}
