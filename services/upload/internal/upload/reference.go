package upload

import (
	"strings"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/uploadref"
)

// parseReference returns the upload id of ref, a bare reference (no
// query: the upload service takes none). A well-formed reference to an id
// that cannot exist is reported like a missing upload.
func parseReference(field, ref string) (string, error) {
	if id, _, ok := uploadref.Parse(ref); ok && uploadref.Format(id) == ref {
		return id, nil
	}
	if rest, found := strings.CutPrefix(ref, uploadref.Prefix); found && rest != "" && !strings.ContainsAny(rest, "/?#") {
		return "", errMissing(field)
	}
	return "", apperr.InvalidField(field, "must be an upload reference %s", uploadref.Form)
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

// errWrongKind names what the field needs; for a video, which has no
// extension of its own, it says what the upload is instead.
func errWrongKind(field string, want, got Kind) error {
	if want == KindVideo {
		return apperr.InvalidField(field, "must reference a video upload, not a %s (%s file)", got, got.fileExtension())
	}
	return apperr.InvalidField(field, "must reference a %s upload", want.fileExtension())
}
