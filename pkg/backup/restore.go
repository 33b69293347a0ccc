package backup

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/jackc/pgx/v5"
)

// Restore puts the backup in dir onto inst, whose data directory and
// database must be empty. Everything is checked before anything is written.
func Restore(ctx context.Context, inst Installation, dir string) (Manifest, error) {
	return restoreWith(ctx, osFS{}, inst, dir)
}

func restoreWith(ctx context.Context, fsys fileSystem, inst Installation, dir string) (Manifest, error) {
	m, err := verify(dir)
	if err != nil {
		return Manifest{}, err
	}
	if err := refuseExisting(inst); err != nil {
		return Manifest{}, err
	}
	if err := restoreDatabase(ctx, inst.DatabaseURL, dir); err != nil {
		return Manifest{}, err
	}
	if _, err := copyFile(fsys, filepath.Join(dir, secretFile), inst.SecretFile, 0o600); err != nil {
		return Manifest{}, fmt.Errorf("restoring the root secret: %w", err)
	}
	if inst.ConfigFile != "" && m.Checksums[configFile] != "" {
		if _, err := copyFile(fsys, filepath.Join(dir, configFile), inst.ConfigFile, 0o600); err != nil {
			return Manifest{}, fmt.Errorf("restoring the configuration file: %w", err)
		}
	}
	if inst.MediaDir != "" && m.Checksums[mediaIndex] != "" {
		if err := restoreMedia(fsys, dir, inst.MediaDir); err != nil {
			return Manifest{}, err
		}
	}
	return m, nil
}

// verify reads the manifest and checks every checksum, media included.
func verify(dir string) (Manifest, error) {
	m, err := ReadManifest(dir)
	if err != nil {
		return Manifest{}, err
	}
	if err := verifyChecksums(dir, m); err != nil {
		return Manifest{}, err
	}
	if m.Checksums[mediaIndex] != "" {
		return m, verifyMedia(dir)
	}
	return m, nil
}

// refuseExisting refuses to write over an installation: a non-empty data
// directory (the devstack's, which holds its own cluster, has none), a root
// secret or media already there.
func refuseExisting(inst Installation) error {
	if inst.DataDir != "" {
		if err := refuseNonEmptyDir(inst.DataDir); err != nil {
			return err
		}
	}
	if _, err := os.Stat(inst.SecretFile); err == nil {
		return fmt.Errorf("a root secret is already at %s: a restore goes onto an empty installation only", inst.SecretFile)
	}
	if inst.MediaDir != "" {
		return refuseNonEmptyDir(inst.MediaDir)
	}
	return nil
}

// refuseNonEmptyDir allows a missing or empty data directory only.
func refuseNonEmptyDir(dataDir string) error {
	entries, err := os.ReadDir(dataDir)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	if len(entries) > 0 {
		return fmt.Errorf("the directory %s is not empty: a restore goes onto an empty one only", dataDir)
	}
	return nil
}

// restoreDatabase refuses a database whose schemas hold tables, then runs
// pg_restore in one transaction, so it restores all or nothing.
func restoreDatabase(ctx context.Context, url, dir string) error {
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		return fmt.Errorf("the database refused the connection: %w", err)
	}
	defer conn.Close(context.WithoutCancel(ctx))
	tables, err := tablesInServiceSchemas(ctx, conn)
	if err != nil {
		return err
	}
	if tables > 0 {
		return fmt.Errorf("the database already holds %d tables: a restore goes onto an empty database only", tables)
	}
	pgRestore, err := pgTool(ctx, conn, "pg_restore")
	if err != nil {
		return err
	}
	// --clean --if-exists: empty schemas that init (or the devstack)
	// created beforehand are replaced instead of colliding.
	if err := runTool(ctx, pgRestore, "--clean", "--if-exists", "--single-transaction", "--exit-on-error",
		"--dbname="+url, filepath.Join(dir, dumpFile)); err != nil {
		return err
	}
	_, err = requeueRunningTranscodes(ctx, conn)
	return err
}
