package middleware

import (
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/envelope"
)

// QueryLookup returns the query parameters the route serving method and
// (escaped) path takes, each true when it may be repeated, or false when
// no route serves them.
type QueryLookup func(method, path string) (map[string]bool, bool)

// KnownQuery refuses, with 400 naming the parameter, a request under
// prefix whose query has a parameter its route does not take (a misspelt
// filter would otherwise be ignored, and the answer unfiltered), a parameter given twice that is not a list, or a query
// that does not parse. A request no route serves passes, to be answered 404
// or 405 where it is routed. It reads no body and calls no service, so it
// may come before authentication: what it checks is the public document.
func KnownQuery(prefix string, lookup QueryLookup) Middleware {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.RawQuery == "" || !strings.HasPrefix(r.URL.Path, prefix) {
				next.ServeHTTP(w, r)
				return
			}
			allowed, ok := lookup(r.Method, r.URL.EscapedPath())
			if !ok {
				next.ServeHTTP(w, r)
				return
			}
			if refusal, found := checkQuery(r.URL.RawQuery, allowed); found {
				envelope.Write(w, http.StatusBadRequest, envelope.Failure(refusal))
				return
			}
			next.ServeHTTP(w, r)
		})
	}
}

// checkQuery finds the first thing wrong with query, in the order given.
func checkQuery(rawQuery string, allowed map[string]bool) (envelope.Error, bool) {
	query, err := url.ParseQuery(rawQuery)
	if err != nil {
		return invalidQuery("", "malformed query string"), true
	}
	names := make([]string, 0, len(query))
	for name := range query {
		names = append(names, name)
	}
	slices.Sort(names) // the same answer every time for the same query
	for _, name := range names {
		repeatable, known := allowed[name]
		switch {
		case !known:
			return invalidQuery(name, fmt.Sprintf("unknown query parameter %q", name)), true
		case !repeatable && len(query[name]) > 1:
			return invalidQuery(name, name+" must be given once"), true
		}
	}
	return envelope.Error{}, false
}

func invalidQuery(field, message string) envelope.Error {
	e := envelope.NewError(apperr.CodeInvalidArgument, message)
	e.Field = field
	return e
}
