// Package catalog is the catalog's domain: its resources (categories,
// players, videos with their cards, gates, hotspots, chapters, tracks and
// thumbnail, folders), the rules their fields obey and the use cases that
// change them, including the transcode reports that move a video towards
// ready.
//
// Stream keys, transcribes and leads have their use cases in packages of
// their own (internal/streamkeys, internal/transcribes, internal/leads),
// each with its own small store interface; they build on this package's
// types. What a video's own transactions do to them stays here: creating an
// event issues its first stream key, deleting a video cancels its
// transcribes' jobs (AttachmentWriter), so the Transcribe and stream key
// types, the key format and the transcribe job queue live here too.
//
// Every change is validated here, then written through Store in one
// transaction together with the Event that announces it (internal/txn), so
// an event is published exactly when its change is committed. Files a
// client uploads for a video (tracks, thumbnails) are checked, stored
// through ObjectStore before that transaction and deleted again if it
// fails. The package knows neither gRPC nor SQL: internal/server and
// internal/store adapt it to both.
package catalog
