package config

import "github.com/vidhost/vidhost/pkg/natsx"

// Common is the configuration every Vidhost process shares: the bus, the
// root secret and the log. Each service's Config embeds it, so the
// variables are declared once and keep their names (VIDHOST_NATS_URL,
// VIDHOST_INTERNAL_SECRET, VIDHOST_LOG_LEVEL…); pkg/command loads it with
// the rest of the Config and sets up the log from it.
type Common struct {
	// NATSURL is the NATS server with JetStream.
	NATSURL string `env:"VIDHOST_NATS_URL" envDefault:"nats://127.0.0.1:4222"`
	// NATS is how the process signs in to NATS and checks its certificate
	// (VIDHOST_NATS_NKEY_SEED, VIDHOST_NATS_CREDS_FILE, VIDHOST_NATS_CA_FILE…);
	// by default its key derives from InternalSecret (docs/security-bus.md).
	NATS natsx.Settings
	// InternalSecret is the suite's root secret (at least 32 bytes): the
	// keys that sign and verify calls between processes, and the NATS
	// users, derive from it. Each service says whether it is required.
	InternalSecret string `env:"VIDHOST_INTERNAL_SECRET" secret:"true"`
	// LogLevel is debug, info, warn or error; LogFormat text or json.
	LogLevel  string `env:"VIDHOST_LOG_LEVEL" envDefault:"info"`
	LogFormat string `env:"VIDHOST_LOG_FORMAT" envDefault:"text"`
}

// Shared returns c. Embedded in a service's Config, it is how pkg/command
// reaches the settings it acts on, whatever the rest of the Config holds.
func (c Common) Shared() Common { return c }

// NATSClient is the process's identity on the bus as service (one of the
// natsx.Service* names).
func (c Common) NATSClient(service string) natsx.Client {
	return natsx.Client{URL: c.NATSURL, Service: service, Secret: c.InternalSecret, Settings: c.NATS}
}
