package main

import (
	"fmt"
	"io"
	"os"
)

// defaultConfigPath is where init writes the configuration and run reads it.
const defaultConfigPath = "/etc/vidhost/vidhost.env"

const usage = `vidhost-server runs Vidhost on one server (docs/single-node.md).

Usage:
  vidhost-server init --url https://video.example.com --owner-email EMAIL [--data DIR] [--config FILE] [--database-url URL]
  vidhost-server run [--config FILE]
  vidhost-server check [--config FILE]

The configuration file defaults to ` + defaultConfigPath + `.
`

func main() {
	os.Exit(dispatch(os.Args[1:], os.Stdout, os.Stderr))
}

// dispatch runs one subcommand and returns the exit status: 2 for a usage
// error, 1 for a failure.
func dispatch(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	commands := map[string]func([]string, io.Writer) error{"init": initCommand, "run": runCommand, "check": checkCommand}
	command, ok := commands[args[0]]
	if !ok {
		if args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
			fmt.Fprint(stdout, usage)
			return 0
		}
		fmt.Fprintf(stderr, "vidhost-server: unknown command %q\n\n%s", args[0], usage)
		return 2
	}
	if err := command(args[1:], stdout); err != nil {
		fmt.Fprintln(stderr, "vidhost-server "+args[0]+":", err)
		return 1
	}
	return 0
}
