// Package migrations holds the identity service's numbered SQL migrations
// (goose format), embedded so the binary migrates its own schema at start.
package migrations

import "embed"

// FS holds the *.sql migrations at its root, as pg.Migrate expects.
//
//go:embed *.sql
var FS embed.FS
