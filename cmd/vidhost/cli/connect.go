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
// the environment, then var/devstack.env.
func resolve(env Env, addrFlag string) (target, error) {
	saved, err := config.ReadEnvFile(filepath.Join(env.Dir, devstackEnv))
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return target{}, err
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
