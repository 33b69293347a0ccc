package llhls

import (
	"errors"
	"fmt"
	"net/url"
	"strconv"
)

// Errors of the serving methods; ServeHTTP maps them to statuses in one
// place (status.go).
var (
	// ErrNotFound: no such part or segment (not yet written, or out of the
	// window), or no playlist before the first part.
	ErrNotFound = errors.New("llhls: not found")
	// ErrTimeout: what a blocking request waits for did not come within
	// BlockTimeout (the publisher stalled).
	ErrTimeout = errors.New("llhls: not ready in time")
)

// RequestError is a request the server refuses to answer: a malformed
// delivery directive, or one asking too far ahead of the live edge.
type RequestError struct {
	Param, Rule string
}

func (e *RequestError) Error() string { return e.Param + " " + e.Rule }

// PlaylistRequest holds a playlist request's delivery directives
// (RFC 8216bis 6.2.5).
type PlaylistRequest struct {
	// Block: _HLS_msn was given; the answer waits until segment MSN (or
	// with HasPart, its part Part) or a later one is in the playlist.
	Block   bool
	MSN     uint64
	HasPart bool
	Part    uint64
	// Skip: _HLS_skip=YES (or v2: there are no date ranges to skip): a
	// delta update.
	Skip bool
}

// ParseRequest reads the delivery directives of a playlist URL's query.
func ParseRequest(q url.Values) (PlaylistRequest, error) {
	var req PlaylistRequest
	var err error
	if v := q.Get("_HLS_msn"); v != "" {
		req.Block = true
		if req.MSN, err = strconv.ParseUint(v, 10, 64); err != nil {
			return req, &RequestError{Param: "_HLS_msn", Rule: "must be a media sequence number"}
		}
	}
	if v := q.Get("_HLS_part"); v != "" {
		if !req.Block {
			return req, &RequestError{Param: "_HLS_part", Rule: "needs _HLS_msn"}
		}
		req.HasPart = true
		if req.Part, err = strconv.ParseUint(v, 10, 64); err != nil {
			return req, &RequestError{Param: "_HLS_part", Rule: "must be a part number"}
		}
	}
	switch v := q.Get("_HLS_skip"); v {
	case "":
	case "YES", "v2":
		req.Skip = true
	default:
		return req, &RequestError{Param: "_HLS_skip", Rule: fmt.Sprintf("must be YES or v2, not %q", v)}
	}
	return req, nil
}
