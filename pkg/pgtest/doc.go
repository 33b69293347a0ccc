// Package pgtest gives tests a private PostgreSQL: one cluster per test
// package, started lazily from the machine's PostgreSQL binaries, and a fresh
// schema per test, dropped when the test ends.
//
//	func TestMain(m *testing.M) { pgtest.Main(m) }
//
//	func TestThing(t *testing.T) {
//		db := pgtest.Schema(t)
//		pool, err := pg.Open(ctx, db.URL, db.Schema)
//		...
//	}
//
// If DATABASE_URL is set, tests use that server instead of starting one.
// The server itself comes from pgserver, which programs outside tests (the
// devstack, the cluster drill) use directly: pgtest imports "testing" and is
// only ever linked into test binaries.
package pgtest
