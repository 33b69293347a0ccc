package backup

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

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
	if err := restoreDatabase(ctx, inst.DatabaseURL, dir, m.Extensions); err != nil {
		return Manifest{}, err
	}
	if err := restoreRest(ctx, fsys, inst, dir, m); err != nil {
		return Manifest{}, undoRestore(ctx, inst, m, err)
	}
	return m, nil
}

// restoreRest is what follows the database: the messages JetStream held,
// the secret, the configuration and the media.
func restoreRest(ctx context.Context, fsys fileSystem, inst Installation, dir string, m Manifest) error {
	if err := requeueUnfinished(ctx, inst.DatabaseURL); err != nil {
		return err
	}
	if _, err := copyFile(fsys, filepath.Join(dir, secretFile), inst.SecretFile, 0o600); err != nil {
		return fmt.Errorf("restoring the root secret: %w", err)
	}
	if inst.ConfigFile != "" && m.Checksums[configFile] != "" {
		if _, err := copyFile(fsys, filepath.Join(dir, configFile), inst.ConfigFile, 0o600); err != nil {
			return fmt.Errorf("restoring the configuration file: %w", err)
		}
	}
	if inst.MediaDir != "" && m.Checksums[mediaIndex] != "" {
		return restoreMedia(fsys, dir, inst.MediaDir)
	}
	return nil
}

// undoRestore takes back what a restore that failed after the database
// had written: the restored schemas, the root secret and the media, which
// refuseExisting had found absent, so running restore again starts from
// where this one did. The configuration file is left: it may have been
// there before.
func undoRestore(ctx context.Context, inst Installation, m Manifest, cause error) error {
	ctx = context.WithoutCancel(ctx)
	undo := dropSchemas(ctx, inst.DatabaseURL, m.Schemas)
	if err := os.Remove(inst.SecretFile); err != nil && !errors.Is(err, os.ErrNotExist) {
		undo = errors.Join(undo, err)
	}
	if inst.MediaDir != "" {
		undo = errors.Join(undo, emptyDir(inst.MediaDir))
		// Inside the data directory, the media directory itself goes too,
		// or the next run would find the data directory not empty.
		if inside(inst.DataDir, inst.MediaDir) {
			if err := os.Remove(inst.MediaDir); err != nil && !errors.Is(err, os.ErrNotExist) {
				undo = errors.Join(undo, err)
			}
		}
	}
	if undo != nil {
		return fmt.Errorf("the restore failed after the database was restored (%w), and taking it back failed too (%v): "+
			"empty the schemas and the data directory by hand before running restore again", cause, undo)
	}
	return fmt.Errorf("the restore failed after the database was restored (%w); what it wrote was taken back, so restore can run again", cause)
}

// inside reports whether path is below dir.
func inside(dir, path string) bool {
	rel, err := filepath.Rel(dir, path)
	return dir != "" && err == nil && rel != "." && !strings.HasPrefix(rel, "..")
}

// emptyDir removes what dir holds, leaving dir.
func emptyDir(dir string) error {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	for _, e := range entries {
		if err := os.RemoveAll(filepath.Join(dir, e.Name())); err != nil {
			return err
		}
	}
	return nil
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

// restoreDatabase refuses a database whose schemas hold tables, creates the
// extensions the dump uses, then runs pg_restore in one transaction, so it
// restores all or nothing.
func restoreDatabase(ctx context.Context, url, dir string, extensions []string) error {
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
	if err := createExtensions(ctx, conn, extensions); err != nil {
		return err
	}
	pgRestore, err := pgTool(ctx, conn, "pg_restore")
	if err != nil {
		return err
	}
	// --clean --if-exists: empty schemas that init (or the devstack)
	// created beforehand are replaced instead of colliding.
	return runTool(ctx, pgRestore, "--clean", "--if-exists", "--single-transaction", "--exit-on-error",
		"--dbname="+url, filepath.Join(dir, dumpFile))
}

// requeueUnfinished puts back into the outboxes what JetStream held at the
// snapshot: recent events, then the running transcodes' jobs, in one
// transaction.
func requeueUnfinished(ctx context.Context, url string) error {
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		return fmt.Errorf("the database refused the connection: %w", err)
	}
	defer conn.Close(context.WithoutCancel(ctx))
	return pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
		if _, err := republishRecentEvents(ctx, tx); err != nil {
			return err
		}
		_, err := requeueRunningTranscodes(ctx, tx)
		return err
	})
}

// dropSchemas drops the restored schemas. The operator's role is a member
// of every service role, which own them.
func dropSchemas(ctx context.Context, url string, schemas map[string]int64) error {
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		return err
	}
	defer conn.Close(ctx)
	for schema := range schemas {
		if _, err := conn.Exec(ctx, "DROP SCHEMA IF EXISTS "+pgx.Identifier{schema}.Sanitize()+" CASCADE"); err != nil {
			return fmt.Errorf("dropping schema %s: %w", schema, err)
		}
	}
	return nil
}
