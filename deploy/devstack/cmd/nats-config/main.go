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

	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/secrets"
)

func main() {
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
