// Package migrations holds the analytics service's numbered goose SQL
// migrations, embedded so the binary applies them at start (pg.Migrate).
// They are forward-only; each file is safe to re-run.
package migrations

import "embed"

// FS holds every migration file at its root.
//
//go:embed *.sql
var FS embed.FS
