package natsx

import (
	"errors"
	"fmt"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nkeys"

	"github.com/vidhost/vidhost/pkg/secrets"
)

// Client is a service's identity on the bus: which server, as which user,
// with which credentials.
type Client struct {
	// URL is the server (VIDHOST_NATS_URL); a comma-separated list is a
	// cluster.
	URL string
	// Service is the user of the rights table (permissions.go); it also
	// names the connection and its inbox prefix.
	Service string
	// Secret is the root secret (VIDHOST_INTERNAL_SECRET) the service's
	// nkey is derived from when Settings name no other credentials.
	Secret   string
	Settings Settings
}

// errNoCredentials is a client with nothing to authenticate with.
var errNoCredentials = errors.New("no NATS credentials: set VIDHOST_INTERNAL_SECRET, VIDHOST_NATS_NKEY_SEED or VIDHOST_NATS_CREDS_FILE")

// options are the client's authentication, inbox and TLS options.
func (c Client) options() ([]nats.Option, error) {
	if c.Service == "" {
		return nil, errors.New("natsx: a client needs a service name")
	}
	auth, err := c.auth()
	if err != nil {
		return nil, fmt.Errorf("natsx: %s: %w", c.Service, err)
	}
	transport, err := c.Settings.transport(c.URL)
	if err != nil {
		return nil, fmt.Errorf("natsx: %s: %w", c.Service, err)
	}
	opts := append([]nats.Option{nats.Name(c.Service), auth, nats.CustomInboxPrefix(InboxPrefix(c.Service))}, transport...)
	return opts, nil
}

// auth picks the credentials: a creds file or an explicit seed when the
// operator issued them, else the key derived from the root secret.
func (c Client) auth() (nats.Option, error) {
	s := c.Settings
	switch {
	case s.CredsFile != "" && s.NkeySeed != "":
		return nil, errors.New("set VIDHOST_NATS_CREDS_FILE or VIDHOST_NATS_NKEY_SEED, not both")
	case s.CredsFile != "":
		return nats.UserCredentials(s.CredsFile), nil
	case s.NkeySeed != "":
		kp, err := nkeys.FromSeed([]byte(s.NkeySeed))
		if err != nil {
			return nil, errors.New("VIDHOST_NATS_NKEY_SEED is not an nkey seed") // never echo the value
		}
		return nkeyOption(kp)
	case c.Secret != "":
		root, err := secrets.ParseRoot("VIDHOST_INTERNAL_SECRET", c.Secret)
		if err != nil {
			return nil, err
		}
		kp, err := ServiceKey(root, c.Service)
		if err != nil {
			return nil, err
		}
		return nkeyOption(kp)
	}
	return nil, errNoCredentials
}

// nkeyOption answers the server's challenge with kp: the seed never leaves
// the process.
func nkeyOption(kp nkeys.KeyPair) (nats.Option, error) {
	public, err := kp.PublicKey()
	if err != nil {
		return nil, err
	}
	return nats.Nkey(public, kp.Sign), nil
}
