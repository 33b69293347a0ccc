// Package metrics is the one home of Vidhost's Prometheus metrics: every
// series a process exports is declared here, named vidhost_*, on one
// registry that the admin listener (pkg/admin) serves at /metrics. Keeping
// the names in one file keeps them consistent across services, and lets a
// test check that the dashboards and alert rules under deploy/observability
// only name series that exist.
package metrics
