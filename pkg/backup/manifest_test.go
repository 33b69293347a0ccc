package backup

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestManifestRoundTrip(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, dumpFile), []byte("dump"), 0o600))
	sum, err := fileSHA256(filepath.Join(dir, dumpFile))
	require.NoError(t, err)
	m := Manifest{FormatVersion: FormatVersion, Created: time.Now().UTC().Truncate(time.Second), VidhostVersion: "test",
		Schemas: map[string]int64{"catalog": 12}, Checksums: map[string]string{dumpFile: sum}, MediaFiles: 1, MediaBytes: 3}
	require.NoError(t, writeManifest(osFS{}, dir, m))
	got, err := verify(dir)
	require.NoError(t, err)
	assert.Equal(t, m, got)
	assert.NoFileExists(t, filepath.Join(dir, manifestFile+".tmp"))

	require.NoError(t, os.WriteFile(filepath.Join(dir, dumpFile), []byte("damaged"), 0o600))
	_, err = verify(dir)
	assert.EqualError(t, err, "the backup's database.dump does not match its checksum: the backup is damaged")
}

func TestReadManifestRefusesUnfinishedAndForeign(t *testing.T) {
	dir := t.TempDir()
	_, err := ReadManifest(dir)
	assert.EqualError(t, err, dir+" has no manifest.json: it is not a finished backup")

	require.NoError(t, os.WriteFile(filepath.Join(dir, manifestFile), []byte(`{"format_version": 99}`), 0o600))
	_, err = ReadManifest(dir)
	assert.EqualError(t, err, dir+" is a backup of format 99; this vidhost reads format 1")
}

func TestFailedManifestWriteLeavesNone(t *testing.T) {
	dir := t.TempDir()
	fsys := &countingFS{failAfter: 1}
	err := writeManifest(fsys, dir, Manifest{FormatVersion: FormatVersion})
	require.ErrorIs(t, err, errDiskFull)
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Empty(t, entries, "neither the manifest nor its temporary file")
}
