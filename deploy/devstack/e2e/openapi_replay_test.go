package e2e

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"os"

	"github.com/vidhost/vidhost/gateway/openapi/openapitest"
)

// replay records every call the tests make to the suite's gateway through
// http.DefaultClient (call, send and the helpers built on them) and, after
// the tests, checks each against the OpenAPI document
// (gateway/openapi/vidhost.openapi.json): an undocumented path, status,
// field or shape fails the run. The document is what is wrong then, not
// the test: fix the generator (gateway/internal/openapigen).
var replay *openapitest.Recorder

// undescribedRoutes are the gateway's own /v2 routes the document does not
// describe: the tus protocol (tus.io), whose bodies are not JSON.
var undescribedRoutes = []string{"/v2/uploads/tus"}

func startReplay(baseURL string) error {
	u, err := url.Parse(baseURL)
	if err != nil {
		return err
	}
	next := http.DefaultClient.Transport
	if next == nil {
		next = http.DefaultTransport
	}
	replay = &openapitest.Recorder{Next: next, Host: u.Host}
	http.DefaultClient.Transport = replay
	return nil
}

// checkReplay validates the recorded exchanges; it prints each mismatch
// and reports whether there was any.
func checkReplay(ctx context.Context, baseURL string) bool {
	checker, err := openapitest.NewChecker(ctx, baseURL)
	if err != nil {
		fmt.Fprintln(os.Stderr, "openapi replay:", err)
		return false
	}
	checker.Undescribed = undescribedRoutes
	exchanges := replay.Exchanges()
	failures := 0
	for _, ex := range exchanges {
		if err := checker.Check(ctx, ex); err != nil {
			failures++
			fmt.Fprintf(os.Stderr, "openapi replay: %s: %v\n  response: %.600s\n", ex.Description, err, ex.RespBody)
		}
	}
	fmt.Fprintf(os.Stderr, "openapi replay: %d exchanges checked, %d do not match the document\n", len(exchanges), failures)
	return failures == 0
}
