// Package migrations holds the gateway's numbered goose SQL migrations,
// embedded so the binary applies them at start (pg.Migrate). The gateway
// keeps only Idempotency-Key records (docs/idempotency.md); they are
// forward-only and each file is safe to re-run.
package migrations

import "embed"

// FS holds every migration file at its root.
//
//go:embed *.sql
var FS embed.FS
