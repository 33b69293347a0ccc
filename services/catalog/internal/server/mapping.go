package server

// mapOne returns the message of a domain result, or the domain error as it
// is (the interceptor turns it into a status).
func mapOne[T any, M any](v T, err error, toMessage func(T) *M) (*M, error) {
	if err != nil {
		return nil, err
	}
	return toMessage(v), nil
}

// mapAll returns the messages of a page of domain values.
func mapAll[T any, M any](items []T, toMessage func(T) *M) []*M {
	out := make([]*M, len(items))
	for i, item := range items {
		out[i] = toMessage(item)
	}
	return out
}
