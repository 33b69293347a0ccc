package command

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/vidhost/vidhost/pkg/buildinfo"
	"github.com/vidhost/vidhost/pkg/config"
)

// Flags handles a binary's arguments before anything starts: --version
// prints the build (pkg/buildinfo), --help the environment variables cfg
// reads with their defaults. done tells the caller to exit with code; with no
// arguments it goes on. The standard flag package is enough for two
// switches (the vidhost command, with many more, uses cobra).
func Flags(name, summary string, cfg any, args []string, stdout, stderr io.Writer) (done bool, code int) {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	showVersion := fs.Bool("version", false, "print the version and exit")
	fs.Usage = func() {} // Parse calls it on -help too; we print once, below
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			usage(stdout, name, summary, cfg) // asked for: to stdout, exit 0
			return true, ExitOK
		}
		usage(stderr, name, summary, cfg) // after the flag package's own error line
		return true, ExitUsage
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "%s: unexpected argument %q: configuration comes from the environment (--help lists it)\n", name, fs.Arg(0))
		return true, ExitUsage
	}
	if *showVersion {
		fmt.Fprintf(stdout, "%s %s\n", name, buildinfo.Version())
		return true, ExitOK
	}
	return false, ExitOK
}

func usage(w io.Writer, name, summary string, cfg any) {
	if summary != "" {
		fmt.Fprintf(w, "%s: %s\n\n", name, summary)
	}
	fmt.Fprintf(w, "usage: %s [--version] [--help]\n\nConfiguration, from the environment:\n", name)
	if err := config.Describe(w, cfg, &Observability{}); err != nil {
		fmt.Fprintf(w, "  (%v)\n", err)
	}
}
