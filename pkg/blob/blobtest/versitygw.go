package blobtest

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/vidhost/vidhost/pkg/blob"
)

// VersityGWModule is the versitygw release StartVersityGW installs when the
// binary is missing, so a fresh machine's `make test` needs only Go.
const VersityGWModule = "github.com/versity/versitygw/cmd/versitygw@v1.8.0"

// StartVersityGW starts versitygw with a posix backend in a temporary
// directory, on a free loopback port with random root credentials, and
// stops it when the test ends. The returned Config has Driver "s3", Bucket
// "vidhost" and CreateBucket set; change Bucket for a fresh namespace.
func StartVersityGW(t testing.TB) blob.Config {
	t.Helper()
	bin := versityGWBinary(t)
	cfg := blob.Config{
		Driver:       "s3",
		Region:       "us-east-1",
		Bucket:       "vidhost",
		AccessKey:    randomHex(t, 10),
		SecretKey:    randomHex(t, 20),
		CreateBucket: true,
	}
	// The port is free when chosen but another process may take it before
	// versitygw binds; a few attempts make that race harmless.
	var log bytes.Buffer
	for range 3 {
		cfg.Endpoint = freeLoopbackAddr(t)
		log.Reset()
		if startVersityGW(t, bin, cfg, &log) {
			return cfg
		}
	}
	t.Fatalf("versitygw did not start: %s", log.String())
	return blob.Config{}
}

// startVersityGW runs one attempt and reports whether the server answers.
func startVersityGW(t testing.TB, bin string, cfg blob.Config, log *bytes.Buffer) bool {
	cmd := exec.Command(bin,
		"--access", cfg.AccessKey, "--secret", cfg.SecretKey,
		"--region", cfg.Region, "--port", cfg.Endpoint, "--quiet",
		"posix", t.TempDir())
	cmd.Stdout, cmd.Stderr = log, log
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting versitygw: %v", err)
	}
	exited := make(chan struct{})
	go func() { _ = cmd.Wait(); close(exited) }()
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		<-exited
	})
	return waitListening(cfg.Endpoint, exited)
}

// waitListening polls until addr accepts connections, the process exits, or
// a generous deadline passes (a start-up failure, not a timing assertion).
func waitListening(addr string, exited <-chan struct{}) bool {
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		select {
		case <-exited:
			return false
		default:
		}
		if conn, err := net.DialTimeout("tcp", addr, time.Second); err == nil {
			conn.Close()
			return true
		}
		time.Sleep(20 * time.Millisecond)
	}
	return false
}

func freeLoopbackAddr(t testing.TB) string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("finding a free port: %v", err)
	}
	defer l.Close()
	return "127.0.0.1:" + strconv.Itoa(l.Addr().(*net.TCPAddr).Port)
}

func randomHex(t testing.TB, n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		t.Fatal(err)
	}
	return hex.EncodeToString(b)
}

var installMu sync.Mutex

// versityGWBinary finds versitygw in PATH or Go's bin directory, installing
// it there (about a minute) when it is in neither.
func versityGWBinary(t testing.TB) string {
	t.Helper()
	installMu.Lock()
	defer installMu.Unlock()
	if path, err := exec.LookPath("versitygw"); err == nil {
		return path
	}
	path := filepath.Join(goBinDir(t), "versitygw")
	if _, err := os.Stat(path); err == nil {
		return path
	}
	t.Logf("installing %s (about a minute)", VersityGWModule)
	cmd := exec.Command("go", "install", VersityGWModule)
	// Installing pkg@version ignores the current module, but GOFLAGS such
	// as -mod=vendor would still apply.
	cmd.Env = append(os.Environ(), "GOFLAGS=")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go install %s: %v\n%s", VersityGWModule, err, out)
	}
	return path
}

// goBinDir is where `go install` puts binaries: GOBIN, else GOPATH/bin.
func goBinDir(t testing.TB) string {
	out, err := exec.Command("go", "env", "GOBIN", "GOPATH").Output()
	if err != nil {
		t.Fatalf("go env: %v", err)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) == 2 && strings.TrimSpace(lines[0]) != "" {
		return strings.TrimSpace(lines[0])
	}
	gopath := strings.TrimSpace(lines[len(lines)-1])
	return filepath.Join(filepath.SplitList(gopath)[0], "bin")
}
