// Package openapitest checks real traffic against the OpenAPI document: a
// Recorder (an http.RoundTripper) keeps every request a test client sends to
// the gateway and its response, and a Checker validates each exchange with
// kin-openapi's openapi3filter. The end-to-end suite (deploy/devstack/e2e)
// records all its calls and fails when one does not match: an undocumented
// path, status, field or shape means the document is wrong.
//
// Generate draws requests for an operation from the document, valid ones
// and ones broken in a way the document states, for the suite's fuzz test.
// It draws with pgregory.net/rapid rather than a hand-rolled random source:
// rapid is kept up, standard-library-only, shrinks a failing request to a
// small one and prints the seed that replays it (-rapid.seed). Schemas are
// read and checked with kin-openapi, which the generator already uses, so
// the document is parsed one way only (santhosh-tekuri/jsonschema comes in
// through it).
package openapitest
