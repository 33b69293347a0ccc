// Package uploadref is the format of an upload reference,
// svc://uploads/<upload_id>: what the upload service hands a client for a
// finished upload and what the catalog accepts wherever a file is expected
// (a vod's input, a track, a thumbnail). Both sides parse it here, so they
// cannot disagree on what a reference is.
package uploadref
