// Package admin is the admin HTTP listener every Vidhost process runs beside
// its service port (VIDHOST_ADMIN_ADDR): /metrics for Prometheus,
// /debug/pprof/ for profiles, /livez (the process answers: a liveness
// probe, which never looks at dependencies, so a database outage does not
// restart every pod) and /readyz (the dependencies each service registered
// answer: a readiness probe). Services register their checks through the
// context Run is given (AddCheck), so the check list lives with the code that
// opens the dependency.
package admin
