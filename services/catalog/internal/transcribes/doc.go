// Package transcribes is the use cases of transcribes: asking for a
// video's speech as a WebVTT track, listing, reading and cancelling those
// requests, and applying the transcode workers' reports, which end a
// completed transcribe as an ordinary track of its video.
//
// An account's transcribe jobs wait in the catalog's database and go to
// the shared work queue one at a time (catalog.DispatchTranscribeJobs); the
// Transcribe type and that queue stay in internal/catalog because deleting
// a video cancels its transcribes' jobs in the video's own transaction.
// This package reads and writes through its own Store, the methods it needs
// only, and commits each change with its event (internal/txn).
package transcribes
