package natsx

// Settings are how a service authenticates to NATS and checks the server,
// read from the environment; embed them in a service's Config as NATS.
// With none set, the service's nkey is derived from
// VIDHOST_INTERNAL_SECRET and the connection is plaintext, which Connect
// allows on loopback only.
type Settings struct {
	// NkeySeed is the service's user seed ("SU…"), for a NATS server whose
	// operator issued keys rather than deriving them from the root.
	NkeySeed string `env:"VIDHOST_NATS_NKEY_SEED" secret:"true"`
	// CredsFile is a .creds file (user JWT and seed) for a server in
	// decentralized (operator/account JWT) mode.
	CredsFile string `env:"VIDHOST_NATS_CREDS_FILE"`
	// CAFile is the PEM bundle that signs the server's certificate; setting
	// it turns TLS on.
	CAFile string `env:"VIDHOST_NATS_CA_FILE"`
	// CertFile and KeyFile are the client certificate, for a server that
	// verifies clients (mutual TLS). Optional.
	CertFile string `env:"VIDHOST_NATS_CERT_FILE"`
	KeyFile  string `env:"VIDHOST_NATS_KEY_FILE"`
	// Replicas is how many servers keep a copy of each stream the service
	// ensures: 1 on the devstack's single server, 3 on a cluster (deploy/k8s
	// production). Durable consumers inherit it from their stream. Every
	// service must agree, or each start rescales the streams.
	Replicas int `env:"VIDHOST_NATS_REPLICAS" envDefault:"1"`
}
