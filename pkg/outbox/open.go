package outbox

import (
	"context"
	"io/fs"
	"log/slog"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/nats-io/nats.go/jetstream"

	"github.com/vidhost/vidhost/pkg/lifecycle"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/pg"
)

// Database says where a service's tables live.
type Database struct {
	URL    string
	Schema string
	// Migrations are the service's numbered SQL files, applied first.
	Migrations fs.FS
}

// Open starts what every service that publishes through an outbox needs,
// in start-up order: its database (migrated), the bus (the streams it uses
// ensured) and the relay between them. Each pushes its cleanup on stack, so
// they stop in the reverse order: the relay flushes before NATS closes, and
// NATS closes before the pool.
func Open(ctx context.Context, logger *slog.Logger, stack *lifecycle.Stack, db Database, bus natsx.Client,
	streams ...jetstream.StreamConfig) (*pgxpool.Pool, jetstream.JetStream, error) {
	pool, err := pg.Start(ctx, db.URL, db.Schema, db.Migrations, stack)
	if err != nil {
		return nil, nil, err
	}
	js, err := natsx.StartJetStream(ctx, bus, logger, stack, streams...)
	if err != nil {
		return nil, nil, err
	}
	Start(ctx, pool, js, logger, stack)
	return pool, js, nil
}
