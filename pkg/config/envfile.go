package config

import (
	"bufio"
	"os"
	"strings"
)

// ReadEnvFile reads a file of KEY=VALUE lines, such as the devstack's
// var/devstack.env, which the devstack reads back on a restart and the
// vidhost command reads to find the suite, or vidhost-server's
// /etc/vidhost/vidhost.env. Blank lines, lines starting with "#" and lines
// without "=" are skipped; an
// "export " before the name is allowed, so the same file can be sourced by a
// shell and exported to the programs it starts.
func ReadEnvFile(path string) (map[string]string, error) {
	f, err := os.Open(path) //nolint:gosec // G304: a file the caller names (the devstack's own, or one the operator points at)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	out := map[string]string{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if strings.HasPrefix(line, "#") {
			continue
		}
		line = strings.TrimPrefix(line, "export ")
		if k, v, ok := strings.Cut(line, "="); ok {
			out[k] = unquote(v)
		}
	}
	return out, sc.Err()
}

// unquote drops the double quotes around a value with spaces
// (VIDHOST_METRICS_URLS="a b"), as the shell would.
func unquote(v string) string {
	if len(v) >= 2 && v[0] == '"' && v[len(v)-1] == '"' {
		return v[1 : len(v)-1]
	}
	return v
}
