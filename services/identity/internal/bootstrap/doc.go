// Package bootstrap creates the first owner at a fresh installation: an
// account, its owner user (who signs in to the dashboard with email and
// password) and a first read-write API key, all in one transaction that
// only one process can win. Later starts find the record and change nothing.
package bootstrap
