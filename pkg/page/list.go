package page

// List fetches one page through fetch, which asks the store for
// req.FetchLimit() rows, and trims it: the items of the page and the cursor
// of the next one, or "" on the last. key extracts (created_time, id) from a
// row. A domain's list use cases all end in this call.
func List[T any](req Request, fetch func() ([]T, error), key func(T) Cursor) ([]T, string, error) {
	rows, err := fetch()
	if err != nil {
		return nil, "", err
	}
	items, next := Trim(rows, req, key)
	return items, next, nil
}
