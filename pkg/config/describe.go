package config

import (
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/caarlos0/env/v11"
)

// Describe writes one line per environment variable cfg (a pointer to a
// struct with `env` tags) reads, with its default: the --help of every
// service binary, taken from the same tags that Load obeys, so it cannot
// drift from what the process really reads.
// Several configurations (a service's and the settings every process
// shares) are listed as one aligned table.
func Describe(w io.Writer, cfgs ...any) error {
	var params []env.FieldParams
	for _, cfg := range cfgs {
		more, err := env.GetFieldParams(cfg)
		if err != nil {
			return fmt.Errorf("configuration: %w", err)
		}
		params = append(params, more...)
	}
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	for _, p := range params {
		switch {
		case p.Required:
			fmt.Fprintf(tw, "  %s\t(required)\n", p.Key)
		case p.HasDefaultValue:
			fmt.Fprintf(tw, "  %s\tdefault %q\n", p.Key, p.DefaultValue)
		default:
			fmt.Fprintf(tw, "  %s\t\n", p.Key)
		}
	}
	return tw.Flush()
}

// Keys lists the environment variables cfgs (pointers to structs with `env`
// tags) read, so a configuration file can refuse the ones nothing reads.
func Keys(cfgs ...any) ([]string, error) {
	var keys []string
	for _, cfg := range cfgs {
		params, err := env.GetFieldParams(cfg)
		if err != nil {
			return nil, fmt.Errorf("configuration: %w", err)
		}
		for _, p := range params {
			keys = append(keys, p.Key)
		}
	}
	return keys, nil
}
