// Package apirules is the table of the rules the /v2 interface applies to
// request bodies: which fields a create requires, their lengths, allowed
// values and list sizes, and which PATCH bodies must change something. It
// is the one source both sides read: the services' validation takes its
// limits and allowed values from here (catalog.VideoNameMax is
// apirules.VideoNameMax), and the OpenAPI generator writes them into the
// request schemas (gateway/internal/openapigen), so the document cannot
// promise what the services do not enforce. Messages are keyed by their
// proto full name, the one name both the services and the generator know.
//
// The table holds what a JSON Schema can say. Rules across fields (a clip's
// start before its end) or against stored state (a folder that exists) stay
// in the services' code and the documentation.
package apirules
