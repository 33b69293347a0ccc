package roles

import (
	"slices"
	"strings"

	"github.com/vidhost/vidhost/pkg/apperr"
)

// The roles, from least to most rights; each can do what the one before it
// can, and more (docs/roles.md).
const (
	// Viewer reads.
	Viewer = "viewer"
	// Uploader also creates and edits videos, uploads, tracks, thumbnails
	// and overlays.
	Uploader = "uploader"
	// Admin also manages players, categories, keys, JWT keys, users and
	// invites below owner.
	Admin = "admin"
	// Owner can do everything, including granting and removing owner.
	Owner = "owner"
)

// all is every role, least rights first: AtLeast relies on the order.
var all = []string{Viewer, Uploader, Admin, Owner}

// All returns every role, least rights first.
func All() []string { return slices.Clone(all) }

// Known reports whether role is one of the roles.
func Known(role string) bool { return slices.Contains(all, role) }

// AtLeast reports whether role has at least the rights of least. An
// unknown role (or an empty one) has none, and an unknown least is never
// met.
func AtLeast(role, least string) bool {
	have, need := slices.Index(all, role), slices.Index(all, least)
	return have >= 0 && need >= 0 && have >= need
}

// Lowest returns the role of a and b with the fewer rights; an unknown
// role has none, so it wins (and is returned as "").
func Lowest(a, b string) string {
	i, j := slices.Index(all, a), slices.Index(all, b)
	if i < 0 || j < 0 {
		return ""
	}
	return all[min(i, j)]
}

// Validate checks that role is a known role, in the interface's words.
func Validate(field, role string) error {
	if !Known(role) {
		return apperr.InvalidField(field, "must be one of %s", strings.Join(all, ", "))
	}
	return nil
}
