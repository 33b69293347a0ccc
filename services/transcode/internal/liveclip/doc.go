// Package liveclip makes an instant clip of a live event from the segments
// its live pipeline already encoded (docs/live.md, "Instant clips"): the
// catalog chooses the segments from the event's live playlists, and the
// worker copies them inside the blob store into the clip's media folder,
// writes a VOD playlist per variant beside a copy of the event's master
// playlist, and concatenates the first variant into one fragmented MP4 that
// package media remuxes into the download. Nothing is decoded or encoded,
// so a clip is ready within seconds, and a viewer sees exactly the pictures
// the live stream showed.
package liveclip
