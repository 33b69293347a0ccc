package envelope

import (
	"encoding/json"
	"net/http"
	"strconv"

	"github.com/vidhost/vidhost/pkg/apperr"
)

// Envelope is the body of every /v2 response, and of the blob URLs' and the
// tus endpoint's failures.
type Envelope struct {
	Success bool              `json:"success"`
	Result  json.RawMessage   `json:"result"`
	Links   map[string]string `json:"links"`
	Errors  []Error           `json:"errors"`
}

// Error is one element of an envelope's errors: a message for people, a
// documented code (docs/errors.md) for programs and, for a request value
// that breaks a rule, the field it is about (the request's JSON or query
// name), so a form can show the error next to it.
type Error struct {
	Message string `json:"message"`
	Code    string `json:"code"`
	Field   string `json:"field,omitempty"`
}

// NewError is the error of a documented code; an empty message means the
// code's default message. A code the table does not know is a bug, and
// becomes internal: clients only ever see documented codes.
func NewError(code, message string) Error {
	if _, ok := apperr.Lookup(code); !ok {
		code = apperr.CodeInternal
	}
	if message == "" {
		message = defaultMessage(code)
	}
	return Error{Message: message, Code: code}
}

// emptyObject is the result of deletes and failures.
var emptyObject = json.RawMessage(`{}`)

// Success wraps a result (an already marshalled JSON value). links may be
// nil; it is sent as {}.
func Success(result json.RawMessage, links map[string]string) Envelope {
	if len(result) == 0 {
		result = emptyObject
	}
	if links == nil {
		links = map[string]string{}
	}
	return Envelope{Success: true, Result: result, Links: links, Errors: []Error{}}
}

// Failure is the envelope of a failed request.
func Failure(errs ...Error) Envelope {
	return Envelope{Result: emptyObject, Links: map[string]string{}, Errors: errs}
}

// MarshalJSON writes the envelope around the already encoded result
// without parsing it again: encoding/json would validate and compact the
// whole result, which costs more than producing it. Result comes from
// protojson (or is `{}`), so it is valid JSON by construction.
func (e *Envelope) MarshalJSON() ([]byte, error) {
	links, err := json.Marshal(e.Links)
	if err != nil {
		return nil, err
	}
	errs, err := json.Marshal(e.Errors)
	if err != nil {
		return nil, err
	}
	buf := make([]byte, 0, len(e.Result)+len(links)+len(errs)+48)
	buf = append(buf, `{"success":`...)
	buf = strconv.AppendBool(buf, e.Success)
	buf = append(buf, `,"result":`...)
	buf = append(buf, e.Result...)
	buf = append(buf, `,"links":`...)
	buf = append(buf, links...)
	buf = append(buf, `,"errors":`...)
	buf = append(buf, errs...)
	return append(buf, '}'), nil
}

// Write sends env with the HTTP status code.
func Write(w http.ResponseWriter, code int, env Envelope) {
	body, err := env.MarshalJSON()
	if err != nil { // cannot happen: links and errors are plain strings
		body = []byte(`{"success":false,"result":{},"links":{},"errors":[{"message":"internal error","code":"internal"}]}`)
		code = http.StatusInternalServerError
	}
	h := w.Header()
	h.Set("Content-Type", "application/json")
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(code)
	_, _ = w.Write(body)
}

// WriteError sends a failure envelope with one error of a documented code,
// answered with that code's HTTP status (the table decides, not the
// caller). An empty message means the code's default message.
func WriteError(w http.ResponseWriter, code, message string) {
	Write(w, apperr.HTTPStatus(code), Failure(NewError(code, message)))
}
