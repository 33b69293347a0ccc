// Package page implements the list conventions of the /v2 interface: a limit
// of 1-25 (default 25) and an opaque keyset cursor over (created_time, id).
// A store fetches one row more than the limit to learn whether a next page
// exists, without counting.
package page
