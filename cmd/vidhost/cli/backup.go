package cli

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/vidhost/vidhost/pkg/backup"
)

// backupResult is what backup and restore print: the manifest.
type backupResult struct {
	Verb string `json:"-"`
	Dir  string `json:"dir"`
	backup.Manifest
}

func (r backupResult) human(w io.Writer) {
	fmt.Fprintf(w, "%s %s: %d schemas, %d media files (%d bytes), made %s by vidhost %s\n", r.Verb, r.Dir,
		len(r.Schemas), r.MediaFiles, r.MediaBytes, r.Created.Format("2006-01-02 15:04:05Z"), r.VidhostVersion)
}

// backupCommands are `vidhost admin backup` and `vidhost admin restore`,
// which work on the installation's files and database directly (not over
// gRPC): pkg/backup does the work, docs/backup.md says how to use them.
func (a *app) backupCommands() []*cobra.Command {
	var to, from, configFile string
	backupCmd := &cobra.Command{
		Use:   "backup --to DIR",
		Short: "Back up the database, root secret, configuration and media into DIR (docs/backup.md)",
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			return a.report(a.runBackup(c.Context(), "backed up to", to, configFile, backup.Backup))
		},
	}
	backupCmd.Flags().StringVar(&to, "to", "", "the backup directory (a second run into it copies only changed media)")
	restoreCmd := &cobra.Command{
		Use:   "restore --from DIR",
		Short: "Restore a backup onto an empty data directory and database (docs/backup.md)",
		Args:  cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			return a.report(a.runBackup(c.Context(), "restored from", from, configFile, backup.Restore))
		},
	}
	restoreCmd.Flags().StringVar(&from, "from", "", "the backup directory")
	for _, cmd := range []*cobra.Command{backupCmd, restoreCmd} {
		cmd.Flags().StringVar(&configFile, "config", "", "the server's configuration file, e.g. "+backup.DefaultConfigFile+" (default: the devstack's var/devstack.env)")
	}
	return []*cobra.Command{backupCmd, restoreCmd}
}

func (a *app) runBackup(ctx context.Context, verb, dir, configFile string,
	run func(context.Context, backup.Installation, string) (backup.Manifest, error),
) (result, error) {
	if dir == "" {
		return nil, errors.New("a backup directory is required (--to DIR or --from DIR)")
	}
	inst, err := a.installation(configFile)
	if err != nil {
		return nil, err
	}
	m, err := run(ctx, inst, dir)
	if err != nil {
		return nil, err
	}
	return backupResult{Verb: verb, Dir: dir, Manifest: m}, nil
}

// installation is the server's (--config) or the devstack's.
func (a *app) installation(configFile string) (backup.Installation, error) {
	if configFile != "" {
		return backup.FromConfigFile(configFile)
	}
	return backup.FromDevstack(a.env.Dir)
}
