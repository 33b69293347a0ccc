// Package singlenodetest sets up a single-server installation for tests as
// an operator would: install.sh into a temporary prefix, a private
// PostgreSQL with the operator's role, pebble as the ACME server (with
// pkg/dnstest resolving the test name), `vidhost-server init`, and the
// installed `vidhost-server run` as a process stopped with SIGTERM. The
// single-node end-to-end test uses it; so can the backup test.
package singlenodetest
