package backup

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/vidhost/vidhost/pkg/buildinfo"
)

// Backup makes a backup of inst into dir (created if missing). A second
// run into the same dir copies only changed media and replaces the
// manifest only when it succeeds.
func Backup(ctx context.Context, inst Installation, dir string) (Manifest, error) {
	return backupWith(ctx, osFS{}, inst, dir)
}

func backupWith(ctx context.Context, fsys fileSystem, inst Installation, dir string) (Manifest, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return Manifest{}, fmt.Errorf("the backup directory %s cannot be created: %w", dir, err)
	}
	// The old manifest goes first: until the new one is written, dir is
	// an unfinished backup, whatever happens in between.
	if err := os.Remove(filepath.Join(dir, manifestFile)); err != nil && !errors.Is(err, os.ErrNotExist) {
		return Manifest{}, err
	}
	m := Manifest{FormatVersion: FormatVersion, Created: time.Now().UTC(), VidhostVersion: buildinfo.Version(),
		Checksums: map[string]string{}, S3: inst.S3}
	if err := dumpDatabase(ctx, inst.DatabaseURL, dir, &m); err != nil {
		return Manifest{}, err
	}
	if err := copyInstallationFiles(fsys, inst, dir, m.Checksums); err != nil {
		return Manifest{}, err
	}
	// Media after the dump: every blob a dumped row names was written
	// before that row committed, so it is on disk now.
	if inst.MediaDir != "" {
		media, err := copyMedia(fsys, inst.MediaDir, dir)
		if err != nil {
			return Manifest{}, err
		}
		m.MediaFiles, m.MediaBytes = media.files, media.bytes
		if m.Checksums[mediaIndex], err = fileSHA256(filepath.Join(dir, mediaIndex)); err != nil {
			return Manifest{}, err
		}
	}
	if err := writeManifest(fsys, dir, m); err != nil {
		return Manifest{}, fmt.Errorf("writing the manifest: %w", err)
	}
	return m, nil
}

// dumpDatabase runs pg_dump once over every service schema and records
// the schemas' versions and the extensions they use in m.
func dumpDatabase(ctx context.Context, url, dir string, m *Manifest) error {
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		return fmt.Errorf("the database refused the connection: %w", err)
	}
	defer conn.Close(context.WithoutCancel(ctx))
	versions, err := schemaVersions(ctx, conn)
	if err != nil {
		return err
	}
	if len(versions) == 0 {
		return errors.New("the database holds no Vidhost schemas: is DATABASE_URL the installation's database?")
	}
	if m.Extensions, err = publicExtensions(ctx, conn); err != nil {
		return err
	}
	m.Schemas = versions
	pgDump, err := pgTool(ctx, conn, "pg_dump")
	if err != nil {
		return err
	}
	tmp := filepath.Join(dir, dumpFile+".tmp")
	args := []string{"--format=custom", "--file=" + tmp, "--dbname=" + url}
	for schema := range versions {
		args = append(args, "--schema="+schema)
	}
	if err := runTool(ctx, pgDump, args...); err != nil {
		_ = os.Remove(tmp)
		return err
	}
	return os.Rename(tmp, filepath.Join(dir, dumpFile))
}

// copyInstallationFiles copies the root secret and the configuration file,
// and records every checksum (the dump's too).
func copyInstallationFiles(fsys fileSystem, inst Installation, dir string, sums map[string]string) error {
	var err error
	if sums[dumpFile], err = fileSHA256(filepath.Join(dir, dumpFile)); err != nil {
		return err
	}
	if sums[secretFile], err = copyFile(fsys, inst.SecretFile, filepath.Join(dir, secretFile), 0o600); err != nil {
		return fmt.Errorf("copying the root secret: %w", err)
	}
	if inst.ConfigFile == "" {
		return nil
	}
	if sums[configFile], err = copyFile(fsys, inst.ConfigFile, filepath.Join(dir, configFile), 0o600); err != nil {
		return fmt.Errorf("copying the configuration file: %w", err)
	}
	return nil
}
