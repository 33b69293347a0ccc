// Package pgserver runs a private PostgreSQL server from the machine's own
// binaries (initdb, postgres): StartCluster for a throwaway or persistent
// cluster on loopback TCP, StartOwnerOnly for one on a shared machine whose
// superuser is reachable only through a Unix socket in the data directory.
//
// It is a package of its own, apart from pgtest, so that programs which ship
// or run outside tests (the devstack, the cluster drill) can start a server
// without linking the test helpers; pgtest builds its per-package test
// server on it. New data directories are copied from a template initialised
// once per machine and PostgreSQL version, because copying is several times
// faster than initdb, and durability is traded for speed (fsync off): the
// clusters are for tests and development, never for production data.
package pgserver
