// Package openapitest checks real traffic against the OpenAPI document: a
// Recorder (an http.RoundTripper) keeps every request a test client sends to
// the gateway and its response, and a Checker validates each exchange with
// kin-openapi's openapi3filter. The end-to-end suite (deploy/devstack/e2e)
// records all its calls and fails when one does not match: an undocumented
// path, status, field or shape means the document is wrong.
package openapitest
