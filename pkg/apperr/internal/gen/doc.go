// Command gen writes the error codes of pkg/apperr from their one table,
// codes.json: the Go constants and lookup tables (codes_generated.go) and
// the reference page docs/errors.md. It runs through `go generate
// ./pkg/apperr` (and `make generate`); a test in this package fails when the
// committed output differs from a fresh generation, so the table, the code
// and the documentation cannot drift apart. nats-server does the same with
// server/errors.json.
package main
