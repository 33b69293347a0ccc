// Package singlenode holds the single-server installation: the systemd unit
// (vidhost.service), the example configuration and install.sh, which
// `make install` runs. Its test checks the unit with systemd-analyze;
// docs/single-node.md is the operator's guide.
package singlenode
