package liveorigin

import (
	"errors"
	"net/url"

	"github.com/vidhost/vidhost/pkg/blob"
)

// Folder holds an event's LL-HLS files in its media folder: the master
// playlist, which the edge serves from the blob store like any playlist,
// and per stream the address of the instance serving it. Everything else
// under Folder/<stream>/ is proxied to that instance.
const Folder = "live/ll"

// MasterPath is the LL master playlist players open, in the event's media
// folder (the live output "HLS low-latency"). It names the stream's media
// playlist, <stream>/index.m3u8, relative to itself.
const MasterPath = Folder + "/master.m3u8"

// AddressPath is where, in the event's media folder, the live service
// writes the base URL of the instance that holds stream (with several
// live replicas, only one has a given run in memory). It has no media
// extension, so the edge never serves it.
func AddressPath(stream string) string { return Folder + "/" + stream + "/origin" }

// ErrBadAddress is an origin address that is not an absolute http(s) URL
// without a path, query or credentials.
var ErrBadAddress = errors.New("liveorigin: the origin address must be http(s)://host:port")

// ParseAddress checks an origin address as written at AddressPath (or
// configured as VIDHOST_LIVE_HTTP_URL) and returns it.
func ParseAddress(raw string) (*url.URL, error) {
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil ||
		(u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.Fragment != "" {
		return nil, ErrBadAddress
	}
	u.Path = ""
	return u, nil
}

// ValidStream reports whether stream can name a stream: one id as the
// blob layout takes it (the live service makes them with pkg/ids).
func ValidStream(stream string) bool { return blob.ValidateID(stream) == nil }
