package apperr

import (
	"errors"
	"fmt"
)

// ErrNotFound means the resource does not exist in the caller's account.
// Resources of other accounts are reported the same way, so ids leak nothing.
var ErrNotFound = errors.New("Not found") //nolint:staticcheck // the interface's exact message

// Invalid is a request value that breaks a rule. Its message names the field
// and the rule in the interface's words: "name must be 1-100 characters".
type Invalid struct {
	Field string
	Rule  string
	// Code is a documented code such as CodeServiceRequired; empty means
	// CodeInvalidArgument. A coded error may leave Field empty: its Rule
	// is then the whole message.
	Code string
}

func (e *Invalid) Error() string {
	if e.Field == "" {
		return e.Rule
	}
	return e.Field + " " + e.Rule
}

// InvalidField builds an *Invalid; the rule is formatted with args.
func InvalidField(field, rule string, args ...any) error {
	return &Invalid{Field: field, Rule: fmt.Sprintf(rule, args...)}
}

// Denied means the caller may not do this (read-only key, wrong address...).
// Code is a documented code such as CodeReadOnlyKey; empty means
// CodePermissionDenied.
type Denied struct {
	Code   string
	Reason string
}

func (e *Denied) Error() string { return e.Reason }

// Conflict means the request clashes with the current state (a duplicate
// value, a resource still in use).
type Conflict struct{ Reason string }

func (e *Conflict) Error() string { return e.Reason }

// Exhausted means a quota or rate limit was reached. Code is a stable,
// documented machine-readable code such as CodeUploadQuotaBytes; empty
// means CodeLimitReached.
type Exhausted struct {
	Code   string
	Reason string
}

func (e *Exhausted) Error() string { return e.Reason }

// Overloaded means the service has no room for the request right now and
// refused it rather than queue it without bound; nothing was changed, and
// the client may retry shortly. Code is a documented code such as
// CodeBusy; empty means CodeUnavailable.
type Overloaded struct {
	Code   string
	Reason string
}

func (e *Overloaded) Error() string { return e.Reason }

// Refused is a request refused for a documented business reason that is not
// a field error, with a stable code (e.g. CodeUploadsDisabled; empty means
// CodeFailedPrecondition).
type Refused struct {
	Code   string
	Reason string
}

func (e *Refused) Error() string { return e.Reason }

// NotAuthenticated is a credential refused for a documented reason (a wrong
// password, an expired session), with a stable code such as
// CodeSignInFailed; empty means CodeUnauthenticated.
type NotAuthenticated struct {
	Code   string
	Reason string
}

func (e *NotAuthenticated) Error() string { return e.Reason }

// ErrUnauthenticated means no valid credential was presented.
var ErrUnauthenticated = errors.New("a valid API key is required")
