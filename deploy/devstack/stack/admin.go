package stack

import (
	"github.com/vidhost/vidhost/pkg/admin"
	"github.com/vidhost/vidhost/pkg/telemetry"
)

// startAdmin starts the admin listener every service of the devstack
// shares: they run in this one process, so one /metrics holds them all,
// and /readyz runs every service's checks. Trace context is propagated
// (telemetry.Propagate) so that a tracer provider installed by the
// devstack's command or a test sees whole traces.
func (s *Stack) startAdmin() error {
	telemetry.Propagate()
	addr := s.cfg.AdminAddr
	if addr == "" {
		addr = admin.DefaultAddr
	}
	s.checks = admin.NewChecks()
	srv, err := admin.Start(addr, s.checks, s.logger)
	if err != nil {
		return err
	}
	s.admin = srv
	s.stack.Push("admin listener", srv.Shutdown)
	return nil
}

// AdminURL is the admin listener's base URL (its metrics are at
// AdminURL+"/metrics").
func (s *Stack) AdminURL() string { return s.admin.URL }

// MetricsURLs are the metrics endpoints of every process of the suite:
// one, since the devstack runs every service in its own process. A
// deployment with a process per service has one per process.
func (s *Stack) MetricsURLs() []string { return []string{s.admin.URL + "/metrics"} }
