// Command vidhost is Vidhost on the command line: `vidhost login`, `videos`,
// `upload`, `keys`, `players`, `jwt` and `live` for developers over the /v2 API
// (docs/cli.md), and `vidhost admin …` for operators, who manage accounts and
// their plans through the identity service (docs/operator.md).
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
	code := cli.Run(ctx, os.Args[1:], cli.Env{Getenv: os.Getenv, Dir: ".", Stdin: os.Stdin}, os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}
