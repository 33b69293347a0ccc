package stack

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/vidhost/vidhost/pkg/config"
	identityapp "github.com/vidhost/vidhost/services/identity/app"
)

// Credentials let a person or a script use the suite.
type Credentials struct {
	// AccountID of the owner account.
	AccountID     string
	OwnerEmail    string
	OwnerPassword string
	APIKey        string
	// Fresh is true on the run that bootstrapped the owner.
	Fresh bool
}

// envFile is where scripts and tests find the suite: VIDHOST_URL and
// VIDHOST_API_KEY (plus the owner's sign-in). It holds secrets: mode 0600.
const envFile = "devstack.env"

// credentials returns the bootstrap secrets on the first run and saves them;
// later runs read them back, since identity keeps only hashes.
func (s *Stack) credentials(b identityapp.Bootstrap) (Credentials, error) {
	if b.Created {
		return Credentials{AccountID: b.AccountID, OwnerEmail: b.Email, OwnerPassword: b.Password, APIKey: b.APIKey, Fresh: true}, nil
	}
	if s.production() {
		// vidhost-server init handed the owner's secrets over once.
		return Credentials{AccountID: b.AccountID, OwnerEmail: b.Email}, nil
	}
	saved, err := config.ReadEnvFile(filepath.Join(s.varDir, envFile))
	if err != nil {
		return Credentials{}, fmt.Errorf("the database is already bootstrapped but %s is unreadable (%w); "+
			"remove %s to start afresh", envFile, err, s.varDir)
	}
	return Credentials{AccountID: b.AccountID, OwnerEmail: saved["VIDHOST_OWNER_EMAIL"], OwnerPassword: saved["VIDHOST_OWNER_PASSWORD"],
		APIKey: saved["VIDHOST_API_KEY"]}, nil
}

// WriteEnvFile saves the URL and credentials to var/devstack.env, with
// what the operator's command needs: identity's address and where the root
// secret is (only when the devstack keeps it in var/internal.secret; a
// secret given in the environment stays there).
func (s *Stack) WriteEnvFile() (string, error) {
	if s.production() {
		return s.writeServerEnvFile()
	}
	path := filepath.Join(s.varDir, envFile)
	// "export" so that `source var/devstack.env` reaches programs the shell
	// starts (bin/vidhost, docs/cli.md), not only the shell itself.
	body := fmt.Sprintf("export VIDHOST_URL=%s\nexport VIDHOST_API_KEY=%s\nexport VIDHOST_OWNER_EMAIL=%s\nexport VIDHOST_OWNER_PASSWORD=%s\nexport VIDHOST_IDENTITY_ADDR=%s\nexport VIDHOST_MAILPIT_URL=%s\n",
		s.URL, s.Credentials.APIKey, s.Credentials.OwnerEmail, s.Credentials.OwnerPassword, s.IdentityAddr, s.MailpitURL())
	// Every process's /metrics, space-separated, for a scraper or curl.
	body += "export VIDHOST_METRICS_URLS=\"" + strings.Join(s.MetricsURLs(), " ") + "\"\n"
	// The superuser's URL, for `vidhost admin backup` (docs/backup.md);
	// not DATABASE_URL, which would make the next `make run` from a shell
	// that sourced this file skip its own cluster.
	body += "export VIDHOST_DEVSTACK_DATABASE_URL=" + s.DatabaseURL() + "\n"
	if s.cfg.InternalSecret == "" {
		secretPath, err := filepath.Abs(filepath.Join(s.varDir, secretFile))
		if err != nil {
			return "", err
		}
		body += "export VIDHOST_INTERNAL_SECRET_FILE=" + secretPath + "\n"
	}
	return path, os.WriteFile(path, []byte(body), 0o600)
}
