// Package backup makes and restores a single-node installation's backup:
// `vidhost admin backup --to DIR` and `vidhost admin restore --from DIR`.
//
// A backup directory holds database.dump (pg_dump's custom format, every
// service's schema in one run and so one snapshot, taken with the pg_dump of
// the server's major version), internal.secret, the configuration file,
// media/ (local blob storage) with media.index (each file's path, size,
// modification time and SHA-256), and manifest.json. The manifest is written
// last, to a temporary file renamed into place: a directory without one is
// an unfinished or failed backup, and a second backup into the same
// directory replaces it only on success (it is removed first, so a backup
// that fails half way leaves none).
//
// Order: the dump first, then the media. Media written after the snapshot
// began is harmless to include, while every blob the dump references was
// written before its row committed, so it is on disk when the copy starts.
//
// Media is copied incrementally: a file whose size and modification time
// match the copy already in DIR is skipped and keeps its recorded hash, so a
// nightly run into the same directory copies only what changed. S3 storage
// is not copied: the manifest records the bucket and endpoint it expects,
// and the bucket's versioning or replication is the backup (docs/backup.md).
//
// NATS (JetStream) state is not backed up. Of what lived only there, the
// transcode jobs that were running are put back into catalog's outbox by
// the restore, so they run again (inflight.go); docs/backup.md lists what
// is not recovered yet.
//
// A restore refuses a non-empty data directory and a database whose schemas
// hold tables, verifies the manifest and every checksum before writing
// anything, and restores the dump in one transaction.
package backup
