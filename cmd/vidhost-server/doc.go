// Command vidhost-server runs the whole Vidhost suite in one process on one
// server, configured for production: `init` sets an installation up,
// `run` serves it (under systemd: deploy/single-node/vidhost.service) and
// `check` says what is wrong with one. It is the devstack's wiring
// (deploy/devstack/stack) with the production options, so the two cannot
// drift; docs/single-node.md is the operator's guide.
//
// HTTPS comes from golang.org/x/crypto/acme/autocert rather than certmagic:
// x/crypto is already a dependency, autocert does the tls-alpn-01 and http-01
// challenges a single server needs, its directory URL is one field (so tests
// run against pebble) and it caches certificates in a directory
// (DATA/acme) that backups copy. Certmagic's extras (DNS challenges, shared
// storage for clusters, OCSP stapling) serve the cluster layout, whose
// ingress has its own certificate manager.
package main
