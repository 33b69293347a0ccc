package mailpit

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"time"

	"github.com/vidhost/vidhost/pkg/freeport"
)

// Version is the Mailpit release the Makefile pins; `make tools` installs it.
const Version = "v1.27.11"

// Server is a running Mailpit child process.
type Server struct {
	SMTPHost string
	SMTPPort int
	// URL is the web inbox and API base, e.g. http://127.0.0.1:41234.
	URL string

	cmd  *exec.Cmd
	done chan error
}

// Binary finds the mailpit executable: on PATH, else in GOBIN or GOPATH/bin
// where `go install` puts it.
func Binary() (string, error) {
	if p, err := exec.LookPath("mailpit"); err == nil {
		return p, nil
	}
	dirs := []string{os.Getenv("GOBIN")}
	if gopath := os.Getenv("GOPATH"); gopath != "" {
		dirs = append(dirs, filepath.Join(gopath, "bin"))
	}
	if home, err := os.UserHomeDir(); err == nil {
		dirs = append(dirs, filepath.Join(home, "go", "bin"))
	}
	for _, dir := range dirs {
		if dir == "" {
			continue
		}
		p := filepath.Join(dir, "mailpit")
		if _, err := os.Stat(p); err == nil { //nolint:gosec // G703: the tool directories of the developer running the stack
			return p, nil
		}
	}
	return "", errors.New("mailpit not found: run `make tools` (go install github.com/axllent/mailpit@" + Version + ")")
}

// Start runs Mailpit on two free loopback ports and waits until its API answers.
// The process ends when ctx ends or Stop is called.
func Start(ctx context.Context) (*Server, error) {
	bin, err := Binary()
	if err != nil {
		return nil, err
	}
	smtpPort, err := freeport.Port()
	if err != nil {
		return nil, err
	}
	webPort, err := freeport.Port()
	if err != nil {
		return nil, err
	}
	smtpAddr := net.JoinHostPort("127.0.0.1", strconv.Itoa(smtpPort))
	webAddr := net.JoinHostPort("127.0.0.1", strconv.Itoa(webPort))
	cmd := exec.CommandContext(ctx, bin, //nolint:gosec // G204: bin is the located mailpit binary; arguments are fixed flags and our own addresses
		"--smtp", smtpAddr, // where the mailer sends
		"--listen", webAddr, // web inbox and API
		"--smtp-auth-accept-any",     // any user/password works, like a real relay would accept ours
		"--smtp-auth-allow-insecure", // no TLS certificate locally, so allow AUTH in clear on loopback
		"--quiet",
	)
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("mailpit: start: %w", err)
	}
	s := &Server{SMTPHost: "127.0.0.1", SMTPPort: smtpPort, URL: "http://" + webAddr, cmd: cmd, done: make(chan error, 1)}
	go func() { s.done <- cmd.Wait() }()
	if err := s.waitReady(ctx); err != nil {
		s.Stop()
		return nil, err
	}
	return s, nil
}

// Stop ends the process and waits for it.
func (s *Server) Stop() {
	if s.cmd.Process != nil {
		_ = s.cmd.Process.Kill()
	}
	err := <-s.done
	s.done <- err // keep it for a second Stop
}

func (s *Server) waitReady(ctx context.Context) error {
	deadline := time.Now().Add(15 * time.Second)
	for time.Now().Before(deadline) {
		select {
		case err := <-s.done:
			s.done <- err
			return fmt.Errorf("mailpit: exited at start: %w", err)
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, s.URL+"/livez", nil)
		if resp, err := http.DefaultClient.Do(req); err == nil {
			_ = resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
	}
	return errors.New("mailpit: not ready after 15s")
}
