// Command nats-config prints the authorization block of a nats-server
// configuration that admits Vidhost's services: one nkey user each, its key
// derived from VIDHOST_INTERNAL_SECRET (read from the environment, never
// from an argument, so it stays out of shell history and ps), with the
// rights of pkg/natsx. Include the output in the server's configuration and
// reload it whenever the root secret changes (docs/security-bus.md).
//
//	VIDHOST_INTERNAL_SECRET=... go run ./deploy/devstack/cmd/nats-config > vidhost-auth.conf
package main

import (
	"fmt"
	"os"

	"github.com/vidhost/vidhost/pkg/command"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/secrets"
)

// natsConfigEnv is what nats-config reads, for its --help.
type natsConfigEnv struct {
	InternalSecret string `env:"VIDHOST_INTERNAL_SECRET,required"`
}

func main() {
	if done, code := command.Flags("nats-config", "prints the nats-server authorization block for Vidhost's services",
		&natsConfigEnv{}, os.Args[1:], os.Stdout, os.Stderr); done {
		os.Exit(code)
	}
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "nats-config:", err)
		os.Exit(1)
	}
}

func run() error {
	root, err := secrets.ParseRoot("VIDHOST_INTERNAL_SECRET", os.Getenv("VIDHOST_INTERNAL_SECRET"))
	if err != nil {
		return err
	}
	users, err := natsx.ServerUsers(root)
	if err != nil {
		return err
	}
	text, err := natsx.ServerConfig(users)
	if err != nil {
		return err
	}
	_, err = fmt.Print(text)
	return err
}
