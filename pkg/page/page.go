package page

import (
	"encoding/base64"
	"encoding/json"
	"time"

	"github.com/vidhost/vidhost/pkg/apperr"
)

// Limits of the interface's lists.
const (
	DefaultLimit = 25
	MaxLimit     = 25
)

// Cursor is the position after the last item of a page: lists are ordered by
// (created_time, id), both ascending, so new items appear on later pages and
// no item is skipped or repeated while paging.
type Cursor struct {
	Time time.Time
	ID   string
}

// IsZero reports whether the cursor points at the start of the list.
func (c Cursor) IsZero() bool { return c.ID == "" }

// Request is a validated page request.
type Request struct {
	Limit  int
	Cursor Cursor
}

type wireCursor struct {
	T int64  `json:"t"` // microseconds since the epoch: PostgreSQL's precision
	I string `json:"i"`
}

// Encode makes the opaque cursor string handed to clients.
func (c Cursor) Encode() string {
	raw, _ := json.Marshal(wireCursor{T: c.Time.UnixMicro(), I: c.ID})
	return base64.RawURLEncoding.EncodeToString(raw)
}

// Parse validates a list request's limit and cursor. limit is nil when the
// client sent none.
func Parse(limit *int32, cursor string) (Request, error) {
	req := Request{Limit: DefaultLimit}
	if limit != nil {
		if *limit < 1 || *limit > MaxLimit {
			return Request{}, apperr.InvalidField("limit", "must be an integer from 1 to %d", MaxLimit)
		}
		req.Limit = int(*limit)
	}
	if cursor == "" {
		return req, nil
	}
	c, err := decode(cursor)
	if err != nil {
		return Request{}, apperr.InvalidField("cursor", "is not a cursor this service issued")
	}
	req.Cursor = c
	return req, nil
}

func decode(s string) (Cursor, error) {
	raw, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		return Cursor{}, err
	}
	var w wireCursor
	if err := json.Unmarshal(raw, &w); err != nil {
		return Cursor{}, err
	}
	if w.I == "" || len(w.I) > 64 {
		return Cursor{}, errBadCursor
	}
	return Cursor{Time: time.UnixMicro(w.T).UTC(), ID: w.I}, nil
}

type cursorError struct{}

func (cursorError) Error() string { return "malformed cursor" }

var errBadCursor error = cursorError{}

// Trim cuts rows fetched with FetchLimit down to the page and returns the
// cursor of the next page, or "" when this is the last one. key extracts
// (created_time, id) from a row.
func Trim[T any](rows []T, req Request, key func(T) Cursor) ([]T, string) {
	if len(rows) <= req.Limit {
		return rows, ""
	}
	rows = rows[:req.Limit]
	return rows, key(rows[len(rows)-1]).Encode()
}

// FetchLimit is how many rows a store asks for: one more than the page, to
// know whether another page exists.
func (r Request) FetchLimit() int32 { return int32(r.Limit + 1) } //nolint:gosec // bounded: Limit is 1..MaxLimit, checked by Parse
