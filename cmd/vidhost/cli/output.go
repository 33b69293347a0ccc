package cli

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"google.golang.org/grpc/status"

	vidhost "github.com/vidhost/vidhost/sdk/go"

	"github.com/vidhost/vidhost/pkg/apperr"
)

// result is what a command prints: as one JSON object, or as lines.
type result interface {
	human(w io.Writer)
}

// printer prints results and errors the way the user asked.
type printer struct {
	json           bool
	stdout, stderr io.Writer
}

func (p printer) print(r result) int {
	if !p.json {
		r.human(p.stdout)
		return exitOK
	}
	if err := json.NewEncoder(p.stdout).Encode(r); err != nil {
		fmt.Fprintf(p.stderr, "vidhost: %v\n", err)
		return exitFailed
	}
	return exitOK
}

// fail reports err: with --json still as one object on stdout, so scripts
// read a single JSON document whatever happens.
func (p printer) fail(err error) int {
	code, message := errorMessage(err)
	if p.json {
		_ = json.NewEncoder(p.stdout).Encode(map[string]any{"error": map[string]string{"code": code, "message": message}})
	} else {
		fmt.Fprintf(p.stderr, "vidhost: %s\n", message)
	}
	return exitFailed
}

// errorMessage is what the user is shown for err: the API's or a service's
// documented code (docs/errors.md) and message (which names the field and
// rule), or the error itself.
func errorMessage(err error) (code, message string) {
	var apiErr *vidhost.Error
	if errors.As(err, &apiErr) {
		code = apiErr.Code
		if code == "" {
			code = "error"
		}
		// Keep what wrapped it ("clip.mp4: ..."), in the API's words.
		return code, withoutSDKPrefix(strings.Replace(err.Error(), apiErr.Error(), apiErr.Message, 1))
	}
	if st, ok := status.FromError(err); ok {
		return apperr.CodeOf(st), st.Message()
	}
	return "error", withoutSDKPrefix(err.Error())
}

// sdkPrefix starts the SDK's errors, as a Go package's errors name it
// ("json: ..."). The CLI prints its own name once, at the start of the line,
// so the SDK's goes wherever wrapping put it: never "vidhost: vidhost: ".
const sdkPrefix = "vidhost: "

func withoutSDKPrefix(message string) string {
	return strings.ReplaceAll(message, sdkPrefix, "")
}
