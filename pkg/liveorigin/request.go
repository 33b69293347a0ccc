package liveorigin

import (
	"errors"
	"net/http"
	"strings"

	"github.com/vidhost/vidhost/pkg/grpcx"
	"github.com/vidhost/vidhost/pkg/principal"
)

// Pattern is the origin's route (net/http's ServeMux syntax): a stream's
// files by the event, the stream and the file name the packager gives
// (index.m3u8, init.mp4, part<n>.mp4, seg<n>.mp4).
const Pattern = "/live/{video}/{stream}/ll/{file}"

// PlaylistName is a stream's media playlist, the file the master names
// as <stream>/index.m3u8; the other files are media (video/mp4).
const PlaylistName = "index.m3u8"

// ValidFile reports whether file can be one of a stream's files: the
// playlist, init.mp4, part<n>.mp4 or seg<n>.mp4 (the packager's names).
// The edge proxies nothing else.
func ValidFile(file string) bool {
	if file == PlaylistName || file == "init.mp4" {
		return true
	}
	for _, prefix := range []string{"part", "seg"} {
		digits, ok := strings.CutSuffix(strings.TrimPrefix(file, prefix), ".mp4")
		if ok && len(digits) < len(file)-len(".mp4") && digits != "" && len(digits) <= 20 && strings.Trim(digits, "0123456789") == "" {
			return true
		}
	}
	return false
}

// Path is the origin's path of a stream's file.
func Path(videoID, stream, file string) string {
	return "/live/" + videoID + "/" + stream + "/ll/" + file
}

// method is what a signature is bound to: the HTTP method and the path, so
// a captured request (valid for principal.Validity) opens one file only.
func method(httpMethod, path string) string { return "llhls " + httpMethod + " " + path }

// Sign signs a request of the gateway's edge to the origin for httpMethod
// and path, with the gateway's internal-call key: the same signature as
// its gRPC calls and its tus proxy (pkg/principal), acting for no one.
func Sign(h http.Header, httpMethod, path string, gatewayKey []byte) {
	call := principal.NewCall(grpcx.Gateway, method(httpMethod, path), principal.Principal{})
	principal.SignHeaders(h, call, gatewayKey)
}

// ErrUnsigned is the refusal of a request without the edge's valid
// signature.
var ErrUnsigned = errors.New("liveorigin: the request is not signed by the gateway")

// Verify checks that the gateway signed a request for httpMethod and path.
// Only the gateway's key is known: no other caller reaches the origin.
func Verify(h http.Header, httpMethod, path string, gatewayKey []byte) error {
	keys := func(caller string) []byte {
		if caller == grpcx.Gateway {
			return gatewayKey
		}
		return nil
	}
	_, ok, err := principal.FromHeaders(h, method(httpMethod, path), keys)
	if !ok || err != nil {
		return ErrUnsigned
	}
	return nil
}
