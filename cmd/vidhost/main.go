// Command vidhost is the operator's tool: `vidhost admin …` manages accounts
// and their plans through the identity service (docs/operator.md).
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"github.com/vidhost/vidhost/cmd/vidhost/cli"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := cli.Run(ctx, os.Args[1:], cli.Env{Getenv: os.Getenv, Dir: "."}, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}
