package main

import (
	"errors"
	"fmt"
	"net/url"
	"os"
	"slices"
	"sort"
	"strings"

	"github.com/vidhost/vidhost/deploy/devstack/stack"
	gatewayapp "github.com/vidhost/vidhost/gateway/app"
	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/pkg/config"
	"github.com/vidhost/vidhost/pkg/mail"
	analyticsapp "github.com/vidhost/vidhost/services/analytics/app"
	catalogapp "github.com/vidhost/vidhost/services/catalog/app"
	hooksapp "github.com/vidhost/vidhost/services/hooks/app"
	identityapp "github.com/vidhost/vidhost/services/identity/app"
	liveapp "github.com/vidhost/vidhost/services/live/app"
	transcodeapp "github.com/vidhost/vidhost/services/transcode/app"
	uploadapp "github.com/vidhost/vidhost/services/upload/app"
)

// settings are the server's own keys; the stack's and every service's
// VIDHOST_* keys are read from the same file.
type settings struct {
	// DataDir holds internal.secret, nats/, media/ and acme/.
	DataDir string `env:"VIDHOST_DATA_DIR" envDefault:"/var/lib/vidhost"`
	// PublicURL is where people reach the installation.
	PublicURL string `env:"VIDHOST_PUBLIC_URL"`
	// TLS is acme (certificates over ACME), files (VIDHOST_TLS_CERT_FILE and
	// _KEY_FILE) or proxy (plain HTTP behind a reverse proxy, which
	// VIDHOST_TRUSTED_PROXIES names).
	TLS string `env:"VIDHOST_TLS" envDefault:"acme"`
	// ACMEDirectoryURL is the ACME server (Let's Encrypt by default).
	ACMEDirectoryURL string `env:"VIDHOST_ACME_DIRECTORY_URL" envDefault:"https://acme-v02.api.letsencrypt.org/directory"`
	// ACMEEmail is the ACME account's contact, told of expiring certificates.
	ACMEEmail string `env:"VIDHOST_ACME_EMAIL"`
	// ACMEHTTPAddr answers ACME's http-01 challenges and redirects plain
	// HTTP to HTTPS; empty turns it off (tls-alpn-01 on the HTTPS port remains).
	ACMEHTTPAddr string `env:"VIDHOST_ACME_HTTP_ADDR" envDefault:":80"`
	CertFile     string `env:"VIDHOST_TLS_CERT_FILE"`
	KeyFile      string `env:"VIDHOST_TLS_KEY_FILE"`
}

// serverConfig is a loaded configuration file.
type serverConfig struct {
	path  string
	own   settings
	stack stack.Config
}

// tlsModes are VIDHOST_TLS's values.
var tlsModes = []string{"acme", "files", "proxy"}

// readConfig reads the file at path into the process environment (a
// variable already in the environment wins, so systemd or a test may
// override one) and loads the server's and the stack's settings from it.
func readConfig(path string) (serverConfig, error) {
	values, err := config.ReadEnvFile(path)
	if err != nil {
		return serverConfig{}, fmt.Errorf("read the configuration: %w", err)
	}
	if err := refuseUnknownKeys(path, values); err != nil {
		return serverConfig{}, err
	}
	for key, value := range values {
		if _, set := os.LookupEnv(key); !set {
			if err := os.Setenv(key, value); err != nil {
				return serverConfig{}, err
			}
		}
	}
	cfg := serverConfig{path: path}
	if err := config.Load(&cfg.own); err != nil {
		return serverConfig{}, err
	}
	if err := config.Load(&cfg.stack); err != nil {
		return serverConfig{}, err
	}
	cfg.stack.VarDir = cfg.own.DataDir
	return cfg, cfg.own.validate()
}

func (s settings) validate() error {
	u, err := url.Parse(s.PublicURL)
	switch {
	case s.PublicURL == "":
		return errors.New("VIDHOST_PUBLIC_URL must be set, e.g. https://video.example.com")
	case err != nil || u.Host == "" || (u.Scheme != "https" && u.Scheme != "http") || (u.Path != "" && u.Path != "/"):
		return fmt.Errorf("VIDHOST_PUBLIC_URL must be an http(s) URL with a host and no path, not %q", s.PublicURL)
	case !slices.Contains(tlsModes, s.TLS):
		return fmt.Errorf("VIDHOST_TLS must be one of %s, not %q", strings.Join(tlsModes, ", "), s.TLS)
	case s.TLS == "files" && (s.CertFile == "" || s.KeyFile == ""):
		return errors.New("VIDHOST_TLS=files needs VIDHOST_TLS_CERT_FILE and VIDHOST_TLS_KEY_FILE")
	case s.TLS != "proxy" && u.Scheme != "https":
		return errors.New("VIDHOST_PUBLIC_URL must start with https:// unless VIDHOST_TLS=proxy")
	}
	return nil
}

// refuseUnknownKeys stops at a VIDHOST_* key nothing reads: a misspelt
// key would otherwise leave its setting at the default without a word.
func refuseUnknownKeys(path string, values map[string]string) error {
	known, err := knownKeys()
	if err != nil {
		return err
	}
	var unknown []string
	for key := range values {
		if strings.HasPrefix(key, "VIDHOST_") && !known[key] && !strings.HasSuffix(key, "_DB_SCHEMA") {
			unknown = append(unknown, key)
		}
	}
	if len(unknown) == 0 {
		return nil
	}
	sort.Strings(unknown)
	return fmt.Errorf("%s sets %s, which no part of Vidhost reads: is it misspelt?", path, strings.Join(unknown, ", "))
}

// knownKeys are the keys the server, the stack and every service read.
func knownKeys() (map[string]bool, error) {
	keys, err := config.Keys(&settings{}, &stack.Config{}, &identityapp.Config{}, &catalogapp.Config{},
		&uploadapp.Config{}, &transcodeapp.Config{}, &hooksapp.Config{}, &analyticsapp.Config{},
		&liveapp.Config{}, &gatewayapp.Config{}, &blob.Settings{}, &mail.Config{})
	if err != nil {
		return nil, err
	}
	known := map[string]bool{}
	for _, key := range keys {
		known[key] = true
	}
	return known, nil
}
