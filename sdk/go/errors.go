package vidhost

import (
	"errors"
	"fmt"
)

// Error is a failed call: the HTTP status and the first error of the
// response's envelope. Code is one of the documented codes (docs/errors.md),
// stable for programs; Message is for people and names the field and rule.
type Error struct {
	// Status is the HTTP status code (404, 429...).
	Status int
	// Code is the envelope's error code ("not_found", "upload_quota_bytes").
	Code string
	// Message is the envelope's error message ("Not found").
	Message string
	// Field is the request field the error is about, when the server names one.
	Field string
	// Details holds every error of the envelope, the first one included.
	Details []ErrorDetail
}

// ErrorDetail is one element of an envelope's errors.
type ErrorDetail struct {
	Message string `json:"message"`
	Code    string `json:"code,omitempty"`
	Field   string `json:"field,omitempty"`
}

func (e *Error) Error() string {
	if e.Code == "" {
		return fmt.Sprintf("vidhost: %d: %s", e.Status, e.Message)
	}
	return fmt.Sprintf("vidhost: %d %s: %s", e.Status, e.Code, e.Message)
}

// IsNotFound reports whether err is the API's answer that a resource does not
// exist (HTTP 404).
func IsNotFound(err error) bool {
	return HasStatus(err, 404)
}

// HasStatus reports whether err is an *Error with the given HTTP status.
func HasStatus(err error, status int) bool {
	var apiErr *Error
	return errors.As(err, &apiErr) && apiErr.Status == status
}

// newError builds the Error of a failed response from its envelope's errors
// (which may be empty when something other than Vidhost answered).
func newError(status int, details []ErrorDetail, fallback string) *Error {
	e := &Error{Status: status, Details: details, Message: fallback}
	if len(details) > 0 {
		e.Code, e.Message, e.Field = details[0].Code, details[0].Message, details[0].Field
	}
	if e.Message == "" {
		e.Message = fmt.Sprintf("HTTP %d", status)
	}
	return e
}
