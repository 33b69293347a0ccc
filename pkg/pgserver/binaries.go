package pgserver

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// installHint is what to tell someone who has no PostgreSQL server binaries.
const installHint = "PostgreSQL server binaries (initdb, postgres) not found: " +
	"install them with `apt-get install -y postgresql` (Debian/Ubuntu), " +
	"or set DATABASE_URL to an existing server"

// Available reports whether the PostgreSQL server binaries needed by
// StartCluster are installed, and says what to install when they are not.
func Available() error {
	_, err := binDir()
	return err
}

// binDir finds the directory holding initdb and postgres: pg_config's answer
// first, then the newest /usr/lib/postgresql/<version>/bin.
func binDir() (string, error) {
	var candidates []string
	if out, err := exec.Command("pg_config", "--bindir").Output(); err == nil {
		candidates = append(candidates, strings.TrimSpace(string(out)))
	}
	globbed, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	// Newest version first; "9.6" sorts after "15" as text, which only
	// matters on machines with both, where either works.
	sort.Sort(sort.Reverse(sort.StringSlice(globbed)))
	candidates = append(candidates, globbed...)
	for _, dir := range candidates {
		if isExecutable(filepath.Join(dir, "initdb")) && isExecutable(filepath.Join(dir, "postgres")) {
			return dir, nil
		}
	}
	return "", errors.New(installHint)
}

func isExecutable(path string) bool {
	info, err := os.Stat(path)
	return err == nil && !info.IsDir() && info.Mode()&0o111 != 0
}

// serverVersion names the binaries' major version (the bin dir's parent on
// Debian, e.g. "15"), so cached templates of different versions never mix.
func serverVersion(bin string) string {
	out, err := exec.Command(filepath.Join(bin, "postgres"), "--version").Output()
	if err != nil {
		return filepath.Base(filepath.Dir(bin))
	}
	// "postgres (PostgreSQL) 15.18 (Debian 15.18-0+deb12u1)" -> "15.18"
	if version := versionPattern.FindString(string(out)); version != "" {
		return version
	}
	return filepath.Base(filepath.Dir(bin))
}

var versionPattern = regexp.MustCompile(`\d+(\.\d+)+`)
