package cli

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"google.golang.org/grpc"

	"github.com/vidhost/vidhost/pkg/config"
	"github.com/vidhost/vidhost/pkg/grpcx"
	"github.com/vidhost/vidhost/pkg/secrets"
)

// devstackEnv is the file the devstack writes (deploy/devstack/stack).
const devstackEnv = "var/devstack.env"

// target is where and how to call identity.
type target struct {
	addr, secret string
}

// resolve finds identity's address and the root secret: a flag first, then
// the environment, then the file the suite wrote: var/devstack.env, or with
// serverConfig the single server's DATA/server.env.
func resolve(env Env, addrFlag, serverConfig string) (target, error) {
	savedPath := filepath.Join(env.Dir, devstackEnv)
	if serverConfig != "" {
		var err error
		if savedPath, err = serverEnvPath(serverConfig); err != nil {
			return target{}, err
		}
	}
	saved, err := config.ReadEnvFile(savedPath)
	if err != nil && (serverConfig != "" || !errors.Is(err, os.ErrNotExist)) {
		return target{}, fmt.Errorf("read %s (is vidhost-server running?): %w", savedPath, err)
	}
	t := target{addr: first(addrFlag, env.Getenv("VIDHOST_IDENTITY_ADDR"), saved["VIDHOST_IDENTITY_ADDR"])}
	if t.addr == "" {
		return target{}, errors.New("identity's address is unknown: pass --identity-addr, set VIDHOST_IDENTITY_ADDR, or run from a checkout with the devstack up (make run)")
	}
	t.secret = env.Getenv("VIDHOST_INTERNAL_SECRET")
	if t.secret == "" && saved["VIDHOST_INTERNAL_SECRET_FILE"] != "" {
		b, err := os.ReadFile(saved["VIDHOST_INTERNAL_SECRET_FILE"])
		if err != nil {
			return target{}, fmt.Errorf("read the root secret: %w", err)
		}
		t.secret = strings.TrimSpace(string(b))
	}
	if t.secret == "" {
		return target{}, errors.New("the root secret is unknown: set VIDHOST_INTERNAL_SECRET, or run from a checkout with the devstack up")
	}
	return t, nil
}

// serverEnvPath is the file a running vidhost-server writes in its data
// directory (VIDHOST_DATA_DIR of the configuration, /var/lib/vidhost by default).
func serverEnvPath(serverConfig string) (string, error) {
	cfg, err := config.ReadEnvFile(serverConfig)
	if err != nil {
		return "", fmt.Errorf("read the configuration: %w", err)
	}
	return filepath.Join(first(cfg["VIDHOST_DATA_DIR"], "/var/lib/vidhost"), "server.env"), nil
}

// dial connects to identity, signing every call as the operator.
func (t target) dial() (*grpc.ClientConn, error) {
	root, err := secrets.ParseRoot("the root secret", t.secret)
	if err != nil {
		return nil, err
	}
	return grpcx.Dial(t.addr, grpcx.CallerCredentials(root, grpcx.Operator))
}

func first(values ...string) string {
	for _, v := range values {
		if v != "" {
			return v
		}
	}
	return ""
}
