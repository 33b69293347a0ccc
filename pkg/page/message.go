package page

// Item returns the message of a single domain result, or the domain error as
// it is: the services' error interceptor turns it into a status, so a
// handler's last line can be `return page.Item(v, err, toMessage)`.
func Item[T any, M any](v T, err error, toMessage func(T) *M) (*M, error) {
	if err != nil {
		return nil, err
	}
	return toMessage(v), nil
}

// Items returns the messages of a page of domain values, in order.
func Items[T any, M any](items []T, toMessage func(T) *M) []*M {
	out := make([]*M, len(items))
	for i, item := range items {
		out[i] = toMessage(item)
	}
	return out
}
