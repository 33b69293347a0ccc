package mediatest

import (
	"testing"
)

// Remux returns source's streams copied into the container of ext, with
// the muxer's extra options (such as "-movflags", "+faststart", which puts
// an MP4's index before its media), generated on first use: the same
// frames in another layout.
func Remux(t testing.TB, source, ext string, extra ...string) string {
	t.Helper()
	args := append([]string{"-i", source, "-map", "0", "-c", "copy"}, extra...)
	return cached(t, "remux", "", ext, args, func(string) error { return nil })
}
