package main

import (
	"context"
	"crypto/tls"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/pkg/config"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/mail"
	"github.com/vidhost/vidhost/pkg/secrets"
)

// checkTimeout bounds each network check.
const checkTimeout = 10 * time.Second

// probe is one thing check looks at: its name and what is wrong, nil when
// nothing.
type probe struct {
	name string
	run  func(serverConfig) error
}

var probes = []probe{
	{"configuration file mode", checkConfigMode},
	{"root secret", checkSecret},
	{"database", checkDatabase},
	{"storage", checkStorage},
	{"ffmpeg", checkFFmpeg},
	{"SMTP server", checkSMTP},
	{"TLS", checkTLS},
}

// checkCommand validates an installation and says what is wrong in words;
// it fails when anything is.
func checkCommand(args []string, stdout io.Writer) error {
	configPath, err := configFlag("check", args)
	if err != nil {
		return err
	}
	cfg, err := readConfig(configPath)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "ok    configuration %s\n", configPath)
	problems := 0
	for _, p := range probes {
		if err := p.run(cfg); err != nil {
			problems++
			fmt.Fprintf(stdout, "FAIL  %s: %v\n", p.name, err)
			continue
		}
		fmt.Fprintf(stdout, "ok    %s\n", p.name)
	}
	if problems > 0 {
		return fmt.Errorf("%d problem(s) found", problems)
	}
	return nil
}

func checkConfigMode(cfg serverConfig) error {
	info, err := os.Stat(cfg.path)
	if err != nil {
		return err
	}
	if info.Mode().Perm()&0o077 != 0 {
		return fmt.Errorf("%s holds secrets but is mode %04o: chmod 600 it", cfg.path, info.Mode().Perm())
	}
	return nil
}

func checkSecret(cfg serverConfig) error {
	path := filepath.Join(cfg.own.DataDir, "internal.secret")
	b, err := os.ReadFile(path) //nolint:gosec // G304: under the configured data directory
	if err != nil {
		return fmt.Errorf("the root secret %s cannot be read (was `vidhost-server init` run?): %w", path, err)
	}
	_, err = secrets.ParseRoot(path, string(trimNewline(b)))
	return err
}

func checkDatabase(cfg serverConfig) error {
	if cfg.stack.DatabaseURL == "" {
		return fmt.Errorf("DATABASE_URL is not set")
	}
	ctx, cancel := context.WithTimeout(context.Background(), checkTimeout)
	defer cancel()
	conn, err := pgx.Connect(ctx, cfg.stack.DatabaseURL)
	if err != nil {
		return explainDatabase(err)
	}
	defer conn.Close(context.Background())
	var canCreateRoles bool
	if err := conn.QueryRow(ctx, "SELECT rolsuper OR rolcreaterole FROM pg_roles WHERE rolname = current_user").Scan(&canCreateRoles); err != nil {
		return explainDatabase(err)
	}
	if !canCreateRoles {
		return fmt.Errorf("DATABASE_URL's role may not create roles: ALTER ROLE it WITH CREATEROLE")
	}
	return nil
}

func checkStorage(cfg serverConfig) error {
	var settings blob.Settings
	if err := config.Load(&settings); err != nil {
		return err
	}
	if settings.Driver == "s3" {
		return checkS3(settings)
	}
	dir := settings.Dir
	if dir == "" {
		dir = filepath.Join(cfg.own.DataDir, "media")
	}
	if _, err := os.Stat(dir); err != nil {
		// run creates it; check changes nothing, so the data directory must take it.
		dir = cfg.own.DataDir
	}
	f, err := os.CreateTemp(dir, ".check-*")
	if err != nil {
		return fmt.Errorf("%s is not writable by this user: %w", dir, err)
	}
	_ = f.Close()
	return os.Remove(f.Name())
}

// checkS3 reaches the bucket and writes and deletes one small object, so
// wrong credentials, a missing bucket or a read-only key show now. It does
// not create the bucket, even where the configuration lets run create it:
// check changes nothing.
func checkS3(settings blob.Settings) error {
	ctx, cancel := context.WithTimeout(context.Background(), checkTimeout)
	defer cancel()
	cfg := settings.Config()
	cfg.CreateBucket = false
	store, err := blob.NewS3(ctx, cfg)
	if err != nil {
		return fmt.Errorf("the S3 bucket %q at %s cannot be used: %w", cfg.Bucket, cfg.Endpoint, err)
	}
	key := "vidhost-check/" + ids.New()
	if err := store.Put(ctx, key, strings.NewReader("check"), int64(len("check")), ""); err != nil {
		return fmt.Errorf("the S3 bucket %q at %s refuses a write with these credentials: %w", cfg.Bucket, cfg.Endpoint, err)
	}
	return store.Delete(ctx, key)
}

func checkFFmpeg(serverConfig) error {
	for _, tool := range []string{"ffmpeg", "ffprobe"} {
		if _, err := exec.LookPath(tool); err != nil {
			return fmt.Errorf("%s is not on PATH: apt-get install ffmpeg", tool)
		}
	}
	return nil
}

func checkSMTP(serverConfig) error {
	var m mail.Config
	if err := config.Load(&m); err != nil {
		return err
	}
	addr := net.JoinHostPort(m.Host, strconv.Itoa(m.Port))
	conn, err := net.DialTimeout("tcp", addr, checkTimeout)
	if err != nil {
		return fmt.Errorf("no SMTP server answers at %s (VIDHOST_SMTP_HOST and _PORT): %w", addr, err)
	}
	return conn.Close()
}

func checkTLS(cfg serverConfig) error {
	switch cfg.own.TLS {
	case "files":
		if _, err := tls.LoadX509KeyPair(cfg.own.CertFile, cfg.own.KeyFile); err != nil {
			return fmt.Errorf("the certificate %s and key %s cannot be used: %w", cfg.own.CertFile, cfg.own.KeyFile, err)
		}
	case "acme":
		client := &http.Client{Timeout: checkTimeout}
		resp, err := client.Get(cfg.own.ACMEDirectoryURL)
		if err != nil {
			return fmt.Errorf("the ACME server %s cannot be reached: %w", cfg.own.ACMEDirectoryURL, err)
		}
		_ = resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			return fmt.Errorf("the ACME server %s answered %s", cfg.own.ACMEDirectoryURL, resp.Status)
		}
	}
	return nil
}

func trimNewline(b []byte) []byte {
	for len(b) > 0 && (b[len(b)-1] == '\n' || b[len(b)-1] == '\r') {
		b = b[:len(b)-1]
	}
	return b
}
