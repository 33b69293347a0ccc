// Package config is the one way a Vidhost process is configured: a typed
// Config struct whose defaults are declared in `envDefault` struct tags,
// overridden by VIDHOST_* environment variables (Load), listed by --help
// (Describe) and printed at start with secrets redacted (fields tagged
// `secret:"true"`, Log).
//
// The tags are the only place a default is written. Load reads them with the
// environment; Defaults reads them alone, for a Config built in code (tests,
// the devstack, an embedder), and WithDefaults fills the zero fields of one,
// nested and embedded structs included. The gateway's and the catalog's Run,
// which tests hand partly filled Configs, call WithDefaults rather than
// repeating the values. It cannot tell a zero that was chosen from one left
// out, so services with such settings (upload's VIDHOST_UPLOAD_ENABLED=false,
// live's VIDHOST_LIVE_RECONNECT_WINDOW=0) do not: their Configs come from
// Load or start from Defaults.
//
// Common holds what every service shares (NATS URL and sign-in, the root
// secret, log level and format); each service's Config embeds it, so the
// variables are declared once and keep their names, and pkg/command sets up
// the log from it. The environment library (caarlos0/env) reads an embedded
// struct's fields as if they were the outer struct's, without a prefix.
package config
