package playback

import "errors"

var (
	// errNotFound: no such video (never existed, or deleted).
	errNotFound = errors.New("video not found")
	// errUpstream: catalog or identity could not answer; the viewer should
	// retry rather than be told the video does not exist.
	errUpstream = errors.New("a backend service is unavailable")
	// errBadViewerToken: a viewer JWT that does not grant this video
	// (malformed, unknown key, bad signature, expired, other subject).
	errBadViewerToken = errors.New("viewer token refused")
)
