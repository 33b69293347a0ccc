package pgserver

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
)

// ownerOnlyHBA is the client authentication of an owner-only cluster. The
// superuser is reachable only through the Unix socket, which lives in the
// data directory (mode 0700: the server's OS account and root alone can
// open it); over TCP every role needs its password (SCRAM), and a role
// without one cannot log in at all.
const ownerOnlyHBA = `# Written by Vidhost at every start (pkg/pgserver): edits are lost.
# TYPE  DATABASE  USER      ADDRESS        METHOD
local   all       postgres                 trust
host    all       all       127.0.0.1/32   scram-sha-256
host    all       all       ::1/128        scram-sha-256
`

// StartOwnerOnly is StartCluster for a cluster on a machine other people
// use: the devstack's. No TCP login works without a password, and the
// superuser logs in only through the data directory's socket (URL). The
// caller creates password-protected roles for its clients.
func StartOwnerOnly(ctx context.Context, dataDir string) (*Cluster, error) {
	abs, err := filepath.Abs(dataDir)
	if err != nil {
		return nil, fmt.Errorf("pgserver: data dir: %w", err)
	}
	if socketDir(abs) == "" {
		return nil, fmt.Errorf("pgserver: the path %s is too long for a Unix socket: use a shorter data directory", abs)
	}
	return startCluster(ctx, abs, 0, true)
}

// writeOwnerOnlyHBA replaces the data directory's pg_hba.conf, before the
// server reads it.
func writeOwnerOnlyHBA(acct account, dataDir string) error {
	path := filepath.Join(dataDir, "pg_hba.conf")
	if err := os.WriteFile(path, []byte(ownerOnlyHBA), 0o600); err != nil {
		return fmt.Errorf("pgserver: write %s: %w", path, err)
	}
	if acct.switchTo {
		if err := os.Chown(path, int(acct.uid), int(acct.gid)); err != nil {
			return fmt.Errorf("pgserver: chown %s: %w", path, err)
		}
	}
	return nil
}
