package e2e

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"runtime"
	"strings"

	"golang.org/x/sync/errgroup"

	"github.com/vidhost/vidhost/gateway/openapi/openapitest"
)

// replay records every call the tests make to the suites' gateways through
// http.DefaultTransport (http.DefaultClient, and the clients with a cookie
// jar but no transport of their own) and, after the tests, checks each
// against the OpenAPI document (gateway/openapi/vidhost.openapi.json): an
// undocumented path, status, field or shape fails the run. The document is
// what is wrong then, not the test: fix the generator
// (gateway/internal/openapigen).
var replay = &openapitest.Recorder{Next: http.DefaultTransport}

// undescribedRoutes are the gateway's own /v2 routes the document does not
// describe: the tus protocol (tus.io) and WHIP (RFC 9725, SDP), whose
// bodies are not JSON.
var undescribedRoutes = []string{"/v2/uploads/tus", "/v2/videos/*/whip"}

// installReplay puts the recorder under every client that has no transport
// of its own. Call it before any suite starts.
func installReplay() { http.DefaultTransport = replay }

// recordSuite records the calls to a suite started at baseURL.
func recordSuite(baseURL string) error {
	u, err := url.Parse(baseURL)
	if err != nil {
		return err
	}
	replay.AddHost(u.Host)
	return nil
}

// checkReplay validates the recorded exchanges; it prints each mismatch
// and reports whether there was any.
func checkReplay(ctx context.Context) bool {
	checker, err := openapitest.NewChecker(ctx)
	if err != nil {
		fmt.Fprintln(os.Stderr, "openapi replay:", err)
		return false
	}
	checker.Undescribed = undescribedRoutes
	exchanges := replay.Exchanges()
	// Checked on every core (about 13,000 exchanges: 15-30 s one after
	// another), reported in the order they were made.
	errs := make([]error, len(exchanges))
	var group errgroup.Group
	group.SetLimit(runtime.GOMAXPROCS(0))
	for i, ex := range exchanges {
		group.Go(func() error { errs[i] = checker.Check(ctx, ex); return nil })
	}
	_ = group.Wait()
	failures := 0
	for i, err := range errs {
		if err != nil {
			failures++
			fmt.Fprintf(os.Stderr, "openapi replay: %s: %v\n  response: %.600s\n", exchanges[i].Description, err, exchanges[i].RespBody)
		}
	}
	fmt.Fprintf(os.Stderr, "openapi replay: %d exchanges checked, %d do not match the document\n", len(exchanges), failures)
	if missing := checker.Unexercised(); len(missing) > 0 {
		fmt.Fprintf(os.Stderr, "openapi replay: %d operations no test reached: %s\n", len(missing), strings.Join(missing, ", "))
	}
	return failures == 0
}
