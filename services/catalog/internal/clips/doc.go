// Package clips is the use case of instant clips (docs/live.md, "Instant
// clips"): a new vod made of part of a live event. While the event is live
// the clip is made of the segments its live pipeline already encoded,
// chosen here from the event's live playlists within their DVR window (the
// worker copies them: ready within seconds); once the event has ended, of
// its recording, through the ladder as a URL clip is.
//
// It reads the event through its own Store and the playlists from the blob
// store, and hands the new video and its job to the catalog's
// CreateClipVideo, which stores both in one transaction with the event
// that announces and audits the creation.
package clips
