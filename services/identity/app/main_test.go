package app_test

import (
	"testing"

	"github.com/vidhost/vidhost/pkg/pgtest"
)

// One private PostgreSQL for the package; each test gets its own schema.
// Every test runs its own service on a schema, a NATS server, Mailpit and ports of
// its own, so every test calls t.Parallel: their waits on PostgreSQL and
// NATS overlap (on 2 cores the package took about two thirds of the time).
func TestMain(m *testing.M) { pgtest.Main(m) }
