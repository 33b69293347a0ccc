package main

import (
	"context"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/vidhost/vidhost/deploy/devstack/stack"
	"github.com/vidhost/vidhost/pkg/logx"
	"github.com/vidhost/vidhost/pkg/secrets"
)

// defaultDatabaseURL is the local PostgreSQL through its socket, as the
// operating-system user running the server (peer authentication): the
// role docs/single-node.md has the operator create.
const defaultDatabaseURL = "postgres:///vidhost?host=/var/run/postgresql"

// initOptions are init's flags.
type initOptions struct {
	dataDir, publicURL, ownerEmail, configPath, databaseURL string
	tlsMode, httpAddr, acmeDirectoryURL, acmeEmail          string
}

func parseInit(args []string) (initOptions, error) {
	var o initOptions
	fs := flag.NewFlagSet("init", flag.ContinueOnError)
	fs.StringVar(&o.dataDir, "data", "/var/lib/vidhost", "the data directory (root secret, JetStream, media, certificates)")
	fs.StringVar(&o.publicURL, "url", "", "the public URL, e.g. https://video.example.com (required)")
	fs.StringVar(&o.ownerEmail, "owner-email", "", "the first account's owner (required)")
	fs.StringVar(&o.configPath, "config", defaultConfigPath, "the configuration file to write")
	fs.StringVar(&o.databaseURL, "database-url", defaultDatabaseURL, "a PostgreSQL role that may create roles and owns the database")
	fs.StringVar(&o.tlsMode, "tls", "acme", "acme, files or proxy (plain HTTP behind a reverse proxy)")
	fs.StringVar(&o.httpAddr, "http-addr", "", "the public listener (default :443, or 127.0.0.1:8080 with --tls proxy)")
	fs.StringVar(&o.acmeDirectoryURL, "acme-directory-url", "", "the ACME server (default Let's Encrypt)")
	fs.StringVar(&o.acmeEmail, "acme-email", "", "the ACME account's contact (default the owner's email)")
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	switch {
	case o.publicURL == "":
		return o, errors.New("--url is required, e.g. --url https://video.example.com")
	case !strings.Contains(o.ownerEmail, "@"):
		return o, errors.New("--owner-email must be an email address")
	}
	if o.httpAddr == "" {
		o.httpAddr = map[bool]string{true: "127.0.0.1:8080", false: ":443"}[o.tlsMode == "proxy"]
	}
	if o.acmeEmail == "" {
		o.acmeEmail = o.ownerEmail
	}
	return o, nil
}

// configBody is the configuration file init writes.
func (o initOptions) configBody() string {
	lines := []string{
		"# Vidhost on one server (docs/single-node.md). vidhost-server check validates it.",
		"VIDHOST_PUBLIC_URL=" + o.publicURL,
		"VIDHOST_DATA_DIR=" + o.dataDir,
		"DATABASE_URL=" + o.databaseURL,
		"VIDHOST_OWNER_EMAIL=" + o.ownerEmail,
		"VIDHOST_TLS=" + o.tlsMode,
		"VIDHOST_HTTP_ADDR=" + o.httpAddr,
		"VIDHOST_ACME_EMAIL=" + o.acmeEmail,
	}
	if o.acmeDirectoryURL != "" {
		lines = append(lines, "VIDHOST_ACME_DIRECTORY_URL="+o.acmeDirectoryURL)
	}
	lines = append(lines,
		"# Live ingest, on every address; publishers are given the public URL's host with these ports.",
		"VIDHOST_LIVE_RTMP_ADDR=:1935",
		"VIDHOST_LIVE_SRT_ADDR=:8890")
	lines = append(lines, "# Mail: VIDHOST_SMTP_HOST, _PORT, _USER, _PASSWORD, _FROM (deploy/single-node/vidhost.env.example).")
	return strings.Join(lines, "\n") + "\n"
}

// initCommand sets an installation up: configuration, root secret, database
// roles and schemas, the first owner. Whatever it made is removed again
// when a step fails.
func initCommand(args []string, stdout io.Writer) (err error) {
	o, err := parseInit(args)
	if err != nil {
		return err
	}
	if err := refuseExisting(o); err != nil {
		return err
	}
	undo := &undoList{}
	defer func() {
		if err != nil {
			undo.run()
		}
	}()
	if err := writeInstallation(o, undo); err != nil {
		return err
	}
	cfg, err := readConfig(o.configPath)
	if err != nil {
		return err
	}
	undo.add(func() { dropSchemas(o.databaseURL) })
	creds, err := bootstrapOwner(cfg, stdout)
	if err != nil {
		return err
	}
	ownerFile := filepath.Join(o.dataDir, "initial-owner.env")
	if err := writeNew(ownerFile, fmt.Sprintf("VIDHOST_OWNER_EMAIL=%s\nVIDHOST_OWNER_PASSWORD=%s\nVIDHOST_API_KEY=%s\n",
		creds.OwnerEmail, creds.OwnerPassword, creds.APIKey)); err != nil {
		return err
	}
	printNextSteps(stdout, o, ownerFile)
	return nil
}

// refuseExisting stops init before it changes anything on a machine that
// already has an installation.
func refuseExisting(o initOptions) error {
	for _, path := range []string{o.configPath, filepath.Join(o.dataDir, "internal.secret")} {
		if _, err := os.Stat(path); err == nil {
			return fmt.Errorf("an installation exists (%s is there): init never overwrites one; restore or remove it first", path)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, o.databaseURL)
	if err != nil {
		return explainDatabase(err)
	}
	defer conn.Close(context.Background())
	var exists bool
	if err := conn.QueryRow(ctx, "SELECT EXISTS (SELECT FROM pg_namespace WHERE nspname = 'identity')").Scan(&exists); err != nil {
		return explainDatabase(err)
	}
	if exists {
		return errors.New("the database of DATABASE_URL already holds an installation (schema identity): init never overwrites one")
	}
	return nil
}

// writeInstallation writes the root secret and the configuration file,
// both 0600 and new.
func writeInstallation(o initOptions, undo *undoList) error {
	for _, dir := range []string{o.dataDir, filepath.Dir(o.configPath)} {
		if _, err := os.Stat(dir); errors.Is(err, fs.ErrNotExist) {
			if err := os.MkdirAll(dir, 0o750); err != nil {
				return err
			}
			undo.add(func() { _ = os.RemoveAll(dir) })
		}
	}
	// What the bootstrap run leaves in a data directory that existed (systemd's StateDirectory).
	undo.add(func() {
		for _, name := range []string{"nats", "media", "acme", stack.ServerEnvFile, "initial-owner.env"} {
			_ = os.RemoveAll(filepath.Join(o.dataDir, name)) //nolint:gosec // G703: the operator names the data directory
		}
	})
	secretPath := filepath.Join(o.dataDir, "internal.secret")
	if err := writeNew(secretPath, hex.EncodeToString(secrets.Bytes(32))+"\n"); err != nil {
		return err
	}
	undo.add(func() { _ = os.Remove(secretPath) })
	if err := writeNew(o.configPath, o.configBody()); err != nil {
		return err
	}
	undo.add(func() { _ = os.Remove(o.configPath) }) //nolint:gosec // G703: the operator names the configuration file
	return nil
}

// bootstrapOwner starts the suite once on a loopback port: it provisions
// the roles, migrates every schema and creates the owner, as the first
// `run` would, so init fails now rather than at the first start.
func bootstrapOwner(cfg serverConfig, stdout io.Writer) (stack.Credentials, error) {
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return stack.Credentials{}, err
	}
	cfg.stack.TranscodeWorkers = 0
	// Nothing of this run is public: free loopback ports.
	cfg.stack.AdminAddr, cfg.stack.LiveRTMPAddr, cfg.stack.LiveSRTAddr, cfg.stack.NATSPort = "127.0.0.1:0", "127.0.0.1:0", "", -1
	cfg.stack.LiveHTTPAddr, cfg.stack.LiveWHIPAddr = "127.0.0.1:0", ""
	logger := logx.New(io.Discard, "vidhost-server", "error", "text")
	fmt.Fprintln(stdout, "Creating the database roles and schemas and the first owner...")
	ctx := context.Background()
	s, err := stack.StartProduction(ctx, cfg.stack, stack.Production{PublicURL: cfg.own.PublicURL, Listener: lis}, logger)
	if err != nil {
		return stack.Credentials{}, explainDatabase(err)
	}
	stopCtx, cancel := context.WithTimeout(ctx, stopTimeout)
	defer cancel()
	if err := s.Stop(stopCtx); err != nil {
		return stack.Credentials{}, err
	}
	if !s.Credentials.Fresh {
		return stack.Credentials{}, errors.New("the database already had an owner: init never overwrites an installation")
	}
	return s.Credentials, nil
}

// dropSchemas removes what a failed init made in the database.
func dropSchemas(databaseURL string) {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, databaseURL)
	if err != nil {
		return
	}
	defer conn.Close(context.Background())
	for _, schema := range []string{"identity", "catalog", "upload", "hooks", "analytics", "gateway", "audit"} {
		_, _ = conn.Exec(ctx, "DROP SCHEMA IF EXISTS "+schema+" CASCADE")
	}
}

func printNextSteps(w io.Writer, o initOptions, ownerFile string) {
	fmt.Fprintf(w, `
Vidhost is set up for %s.

  configuration: %s (mode 0600)
  data:          %s
  first owner:   %s; the password and a first API key are in %s
                 (mode 0600: sign in, change the password, then delete the file)

Next steps:
  1. Point the DNS name of %s at this server, open ports 80 and 443.
  2. Set VIDHOST_SMTP_* in %s so mail (invites, notifications) goes out.
  3. vidhost-server check --config %s
  4. systemctl enable --now vidhost
`, o.publicURL, o.configPath, o.dataDir, o.ownerEmail, ownerFile, o.publicURL, o.configPath, o.configPath)
}

// writeNew creates path with body, mode 0600, failing if it exists.
func writeNew(path, body string) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600) //nolint:gosec // G304: the operator names the paths
	if err != nil {
		return err
	}
	if _, err := f.WriteString(body); err != nil {
		_ = f.Close()
		return err
	}
	return f.Close()
}

// undoList removes, newest first, what a failed init made.
type undoList struct{ steps []func() }

func (u *undoList) add(step func()) { u.steps = append(u.steps, step) }

func (u *undoList) run() {
	for i := len(u.steps) - 1; i >= 0; i-- {
		u.steps[i]()
	}
}
