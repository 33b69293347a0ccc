package liveorigin

import (
	"errors"
	"net/http"

	"github.com/vidhost/vidhost/pkg/grpcx"
	"github.com/vidhost/vidhost/pkg/principal"
)

// Pattern is the origin's route (net/http's ServeMux syntax): a stream's
// files by the event, the stream and the file name the packager gives
// (index.m3u8, init.mp4, part<n>.mp4, seg<n>.mp4).
const Pattern = "/live/{video}/{stream}/ll/{file}"

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

// ErrUnsigned: a request without the edge's valid signature.
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
