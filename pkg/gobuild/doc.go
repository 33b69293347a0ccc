// Package gobuild builds the module's commands for the tests and drills
// that run them as processes (the images, single-server, drill, SIGKILL and
// CLI tests), into one cache folder per set of packages and settings that
// outlives the run: var/cache/gobuild/<key> in the module.
//
// Why a folder that outlives the run: `go build -o DIR/` does not link a
// binary again when the one in DIR already carries the build ID of what it
// would make (the check `go install` does), and the Go build cache keeps
// compiled packages but not linked binaries. Built into a fresh t.TempDir,
// every warm `make test` linked about twenty-five binaries again (5-10 s of
// CPU each on 2 cores); built here, it links only those whose sources
// changed. A fresh clone (CI) has no var/ and builds everything once.
//
// Two test processes may ask for the same folder at once (go test runs
// packages in parallel): an exclusive lock on DIR.lock makes the second wait
// for the first's build, after which its own finds everything up to date.
//
// A test that runs the binaries depends on their sources, which Go's test
// cache does not see (go build reads them, not the test): Build stats each
// of them after building (inputs.go), which puts them in the test log, so
// `go test` runs the test again when one changes and answers from its
// cache when none has.
package gobuild
