// Package observability holds Vidhost's Grafana dashboard
// (grafana/vidhost.json) and Prometheus alert rules
// (prometheus/alerts.yaml). It has no code: its test checks that both
// parse and name only series pkg/metrics declares, so a renamed metric
// cannot leave a silent alert behind (docs/observability.md).
package observability
