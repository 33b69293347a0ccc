package natsx

import (
	"fmt"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nkeys"

	"github.com/vidhost/vidhost/pkg/secrets"
)

// ServiceKey is service's NATS user key, derived from the root secret:
// every process holding the root agrees on it, and nothing needs storing.
func ServiceKey(root secrets.Root, service string) (nkeys.KeyPair, error) {
	kp, err := nkeys.FromRawSeed(nkeys.PrefixByteUser, root.Derive(secrets.NATSUser(service)))
	if err != nil {
		return nil, fmt.Errorf("natsx: nkey of %s: %w", service, err)
	}
	return kp, nil
}

// ServerUsers are the users of every service of the table, each with its
// rights, for a server the suite runs itself (StartEmbedded). An operator
// running NATS gives it the same keys (see docs/security.md).
func ServerUsers(root secrets.Root) ([]*server.NkeyUser, error) {
	users := make([]*server.NkeyUser, 0, len(rights))
	for _, service := range Services() {
		user, err := serverUser(root, service)
		if err != nil {
			return nil, err
		}
		users = append(users, user)
	}
	return users, nil
}

func serverUser(root secrets.Root, service string) (*server.NkeyUser, error) {
	kp, err := ServiceKey(root, service)
	if err != nil {
		return nil, err
	}
	public, err := kp.PublicKey()
	if err != nil {
		return nil, fmt.Errorf("natsx: public key of %s: %w", service, err)
	}
	return &server.NkeyUser{Nkey: public, Permissions: rights[service].ServerPermissions(service)}, nil
}
