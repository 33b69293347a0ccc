// Package page implements the list conventions of the /v2 interface: a limit
// of 1-25 (default 25) and an opaque keyset cursor over (created_time, id).
// A store fetches one row more than the limit to learn whether a next page
// exists, without counting.
//
// It also holds the two steps every list and read goes through on either
// side of that: List, with which a domain fetches and trims a page, and
// Item and Items, with which a gRPC handler turns domain values into
// messages. They live here, beside Trim, so that each service does not keep
// its own copy.
package page
