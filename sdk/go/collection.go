package vidhost

import (
	"context"
	"iter"
	"net/http"
	"net/url"
)

// Collection is a /v2 resource with the usual five operations: one generic
// type serves videos, players, keys and the rest, because the API shapes them
// all alike (docs/conventions.md). A resource this package does not wrap yet is
// one line away:
//
//	type Category struct{ ID, Name, Value string }
//	categories := vidhost.NewCollection[Category](client, "categories")
type Collection[T any] struct {
	client *Client
	path   string
}

// NewCollection is the collection at /v2/<name>.
func NewCollection[T any](c *Client, name string) *Collection[T] {
	return &Collection[T]{client: c, path: "/v2/" + name}
}

// Get returns the resource with that id.
func (col *Collection[T]) Get(ctx context.Context, id string) (*T, error) {
	var out T
	if _, err := col.client.call(ctx, request{method: http.MethodGet, path: col.item(id)}, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// Create sends params (a struct or map marshalled as JSON) and returns the
// new resource. It is never retried.
func (col *Collection[T]) Create(ctx context.Context, params any) (*T, error) {
	var out T
	if _, err := col.client.call(ctx, request{method: http.MethodPost, path: col.path, body: params}, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// Update sends the fields of params that are set (use pointer fields with
// omitempty, or a map) and returns the whole updated resource.
func (col *Collection[T]) Update(ctx context.Context, id string, params any) (*T, error) {
	var out T
	if _, err := col.client.call(ctx, request{method: http.MethodPatch, path: col.item(id), body: params}, &out); err != nil {
		return nil, err
	}
	return &out, nil
}

// Delete deletes the resource. A retried delete whose first attempt went
// through answers 404: callers that only want it gone may ignore IsNotFound.
func (col *Collection[T]) Delete(ctx context.Context, id string) error {
	_, err := col.client.call(ctx, request{method: http.MethodDelete, path: col.item(id)}, nil)
	return err
}

// List iterates over every resource, fetching pages as the loop needs them;
// see Paginate.
func (col *Collection[T]) List(ctx context.Context, opts *ListOptions) iter.Seq2[T, error] {
	return Paginate[T](ctx, col.client, col.path, opts)
}

func (col *Collection[T]) item(id string) string {
	return col.path + "/" + url.PathEscape(id)
}
