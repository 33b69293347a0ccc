package vidhost

import (
	"context"
	"fmt"
	"iter"
	"net/http"
	"net/url"
	"strconv"
)

// ListOptions tunes a list. The zero value (or nil) lists everything in
// pages of the server's default size.
type ListOptions struct {
	// Limit is the page size, 1 to 25 (the API's bounds); 0 leaves it to the
	// server. It does not bound the number of items: break out of the loop.
	Limit int
	// Cursor starts from a page other than the first (a links.next cursor).
	Cursor string
	// Filter holds the list's filters as query parameters, e.g.
	// {"type": {"event"}} for GET /v2/videos?type=event (docs/videos.md#lists).
	Filter url.Values
}

// Paginate iterates over the list at path (e.g. "/v2/videos"), following
// each page's links.next until there is none. Only the cursor and limit of
// links.next are taken and sent to the client's own base URL, so the
// credential never travels to a host the client was not given. After an
// error the iteration stops.
func Paginate[T any](ctx context.Context, c *Client, path string, opts *ListOptions) iter.Seq2[T, error] {
	return func(yield func(T, error) bool) {
		query := url.Values{}
		if opts != nil {
			for name, values := range opts.Filter {
				query[name] = values
			}
		}
		if opts != nil && opts.Limit > 0 {
			query.Set("limit", strconv.Itoa(opts.Limit))
		}
		if opts != nil && opts.Cursor != "" {
			query.Set("cursor", opts.Cursor)
		}
		for {
			var page []T
			links, err := c.call(ctx, request{method: http.MethodGet, path: path, query: query}, &page)
			if err != nil {
				var zero T
				yield(zero, err)
				return
			}
			for _, item := range page {
				if !yield(item, nil) {
					return
				}
			}
			if query, err = nextQuery(links["next"]); err != nil || query == nil {
				if err != nil {
					var zero T
					yield(zero, err)
				}
				return
			}
		}
	}
}

// nextQuery is the query of links.next, nil when there is no next page.
func nextQuery(next string) (url.Values, error) {
	if next == "" {
		return nil, nil
	}
	u, err := url.Parse(next)
	if err != nil {
		return nil, fmt.Errorf("vidhost: links.next %q: %w", next, err)
	}
	q := u.Query()
	if q.Get("cursor") == "" {
		return nil, fmt.Errorf("vidhost: links.next %q has no cursor", next)
	}
	return q, nil
}

// Collect gathers an iteration into a slice, stopping at the first error.
func Collect[T any](seq iter.Seq2[T, error]) ([]T, error) {
	var items []T
	for item, err := range seq {
		if err != nil {
			return items, err
		}
		items = append(items, item)
	}
	return items, nil
}
