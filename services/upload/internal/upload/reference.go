package upload

import (
	"strings"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/ids"
)

// ReferencePrefix starts every upload reference: svc://uploads/<upload_id>.
const ReferencePrefix = "svc://uploads/"

// Reference returns the reference of an upload id.
func Reference(id string) string { return ReferencePrefix + id }

// IsReference reports whether s claims to be an upload reference, which is
// how a consumer tells one from a source URL before resolving it.
func IsReference(s string) bool { return strings.HasPrefix(s, ReferencePrefix) }

// parseReference returns the upload id of ref. A well-formed reference to
// an id that cannot exist is reported like a missing upload.
func parseReference(field, ref string) (string, error) {
	id, ok := strings.CutPrefix(ref, ReferencePrefix)
	if !ok || id == "" || strings.ContainsAny(id, "/?#") {
		return "", apperr.InvalidField(field, "must be an upload reference %s<upload_id>", ReferencePrefix)
	}
	if !ids.Valid(id) {
		return "", errMissing(field)
	}
	return id, nil
}

// The messages of unusable references name the caller's field: a
// reference that does not resolve is a bad value of that field (400), not
// a missing resource of the API that received it.
func errMissing(field string) error {
	return apperr.InvalidField(field, "references an upload that does not exist")
}

func errIncomplete(field string) error {
	return apperr.InvalidField(field, "references an upload that is not complete")
}

func errWrongKind(field string, want Kind) error {
	return apperr.InvalidField(field, "must reference a %s upload", want.extensionsRule())
}
