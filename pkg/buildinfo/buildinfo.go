// Package buildinfo says which build of Vidhost is running: the module
// version and the VCS revision `go build` records in every binary, printed by
// each binary's --version so that a bug report can name exactly what ran.
package buildinfo

import (
	"runtime/debug"
	"strings"
)

// Version is e.g. "(devel) (7c98f5f0a1b2, modified, 2026-11-24T21:00:00Z) go1.26.0":
// the main module's version, then the revision, whether the tree had
// uncommitted changes and the commit time, then the Go toolchain.
func Version() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	return describe(info)
}

func describe(info *debug.BuildInfo) string {
	settings := map[string]string{}
	for _, s := range info.Settings {
		settings[s.Key] = s.Value
	}
	parts := []string{info.Main.Version}
	if rev := settings["vcs.revision"]; rev != "" {
		vcs := []string{rev[:min(len(rev), 12)]}
		if settings["vcs.modified"] == "true" {
			vcs = append(vcs, "modified")
		}
		if t := settings["vcs.time"]; t != "" {
			vcs = append(vcs, t)
		}
		parts = append(parts, "("+strings.Join(vcs, ", ")+")")
	}
	return strings.Join(append(parts, info.GoVersion), " ")
}
