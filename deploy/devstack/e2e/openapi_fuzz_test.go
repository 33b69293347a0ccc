package e2e

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/vidhost/vidhost/gateway/openapi/openapitest"
)

// fuzzExcluded are operations the fuzz leaves alone, each for a reason:
// failed sign-ins count against the client's address (50 in 15 minutes,
// docs/authentication.md), which every test of this suite shares.
var fuzzExcluded = map[string]bool{"POST /v2/session": true}

// fuzzChecksPerOperation bounds the run: about a minute on two busy
// cores for the document's ~100 operations. -rapid.checks overrides it.
const fuzzChecksPerOperation = 40

// Every operation of the OpenAPI document, driven with requests generated
// from it (pgregory.net/rapid draws them; valid ones, and ones broken in a
// way the document states), answers as the document says: never a 5xx,
// only a status it lists, a body its schema accepts, and never a 2xx to a
// request it calls invalid (openapitest.Checker). It runs in its own
// account. A failure prints rapid's seed: rerun with -rapid.seed=N and the
// same -run to get the same requests.
func TestOpenAPIFuzz(t *testing.T) {
	if f := flag.Lookup("rapid.checks"); f != nil && f.Value.String() == f.DefValue {
		require.NoError(t, f.Value.Set(strconv.Itoa(fuzzChecksPerOperation)))
		defer func() { _ = f.Value.Set(f.DefValue) }()
	}
	ctx := context.Background()
	checker, err := openapitest.NewChecker(ctx)
	require.NoError(t, err)
	doc, err := openapitest.Load(ctx)
	require.NoError(t, err)
	key := createTenant(t, uniqueWord(t, "fuzz"), "enterprise").key
	var ids []string          // of what the run created: path parameters that exist
	statuses := map[int]int{} // how the run was answered, logged: a run of 404s proves little
	defer func() { t.Logf("statuses: %v", statuses) }()
	for _, op := range openapitest.Operations(doc) {
		if fuzzExcluded[op.Method+" "+op.Path] {
			continue
		}
		t.Run(op.Method+" "+op.Path, func(t *testing.T) {
			rapid.Check(t, func(rt *rapid.T) {
				req := openapitest.Generate(rt, op, ids)
				ex := fuzzSend(rt, req, key)
				statuses[ex.Status]++
				if ex.Status >= 500 {
					rt.Fatalf("%s %s (valid %v %s) answered %d: %s", req.Method, req.Target, req.Valid, req.Broken, ex.Status, ex.RespBody)
				}
				if err := checker.Check(ctx, ex); err != nil {
					rt.Fatalf("%s %s %s (valid %v %s) -> %d: %v\n  response: %.600s", req.Method, req.Target, req.Body,
						req.Valid, req.Broken, ex.Status, err, ex.RespBody)
				}
				if id := createdID(ex); id != "" {
					ids = append(ids, id)
				}
			})
		})
	}
}

// fuzzSend makes the request and keeps the exchange for the checker.
func fuzzSend(t *rapid.T, req openapitest.Request, key string) openapitest.Exchange {
	target, err := url.Parse(suite.URL + req.Target)
	if err != nil {
		t.Fatalf("target %q: %v", req.Target, err)
	}
	var body io.Reader
	if req.Body != nil {
		body = bytes.NewReader(req.Body)
	}
	httpReq, err := http.NewRequest(req.Method, target.String(), body)
	if err != nil {
		t.Fatalf("request: %v", err)
	}
	httpReq.Header.Set("Authorization", "Bearer "+key)
	if req.Body != nil {
		httpReq.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(httpReq)
	if err != nil {
		t.Fatalf("%s %s: %v", req.Method, req.Target, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("read: %v", err)
	}
	return openapitest.Exchange{Method: req.Method, URL: target, Header: httpReq.Header, Body: req.Body,
		Status: resp.StatusCode, RespHeader: resp.Header, RespBody: raw}
}

// createdID is the id of what a successful POST made, if it made one.
func createdID(ex openapitest.Exchange) string {
	if ex.Method != http.MethodPost || ex.Status != http.StatusOK {
		return ""
	}
	var envelope struct {
		Result struct {
			ID string `json:"id"`
		} `json:"result"`
	}
	_ = json.Unmarshal(ex.RespBody, &envelope)
	return envelope.Result.ID
}
