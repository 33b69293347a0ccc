package uploadref

import (
	"strings"

	"github.com/vidhost/vidhost/pkg/ids"
)

// Prefix starts every upload reference.
const Prefix = "svc://uploads/"

// Form is how messages describe a reference to the client, in the
// interface's words.
const Form = Prefix + "<upload_id>"

// Format returns the reference of the upload id.
func Format(id string) string { return Prefix + id }

// Is reports whether s claims to be an upload reference (whether or not it
// parses), which is how a caller tells one from a source URL.
func Is(s string) bool { return strings.HasPrefix(s, Prefix) }

// Parse returns the upload id of s and the query after it ("" when there
// is none): a vod's input may carry clip parameters there. ok is false
// unless s is Prefix, an id of the shape ids.New makes, and optionally
// "?" and a query; so the id never holds "/", "#" or "..".
func Parse(s string) (id, query string, ok bool) {
	rest, found := strings.CutPrefix(s, Prefix)
	if !found {
		return "", "", false
	}
	id, query, _ = strings.Cut(rest, "?")
	if !ids.Valid(id) {
		return "", "", false
	}
	return id, query, true
}
