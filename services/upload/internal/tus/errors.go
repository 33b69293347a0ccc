package tus

import (
	"net/http"

	"github.com/tus/tusd/v2/pkg/handler"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/envelope"
)

// response maps a domain error to the response a tus client sees, through
// the same mapping and envelope as the rest of /v2 (docs/conventions.md):
// a message and a documented code. Unknown errors become a 500 with a
// generic message (apperr.ToStatus hides them).
func response(err error) handler.HTTPResponse {
	mapped := envelope.FromError(err)
	return failure(mapped.HTTPStatus, mapped.Error)
}

// refusal is the response of a documented code this endpoint answers
// itself; an empty message means the code's default.
func refusal(code, message string) handler.HTTPResponse {
	return failure(apperr.HTTPStatus(code), envelope.NewError(code, message))
}

func failure(httpStatus int, e envelope.Error) handler.HTTPResponse {
	env := envelope.Failure(e)
	body, _ := env.MarshalJSON() // cannot fail: plain strings
	return handler.HTTPResponse{
		StatusCode: httpStatus,
		Body:       string(body),
		Header:     handler.HTTPHeader{"Content-Type": "application/json"},
	}
}

// tusError wraps err for tusd, which sends an Error's response as it is.
func tusError(err error) error {
	resp := response(err)
	return handler.Error{ErrorCode: "ERR_VIDHOST", Message: err.Error(), HTTPResponse: resp}
}

// writeResponse sends resp from outside tusd (the access checks).
func writeResponse(w http.ResponseWriter, resp handler.HTTPResponse) {
	for k, v := range resp.Header {
		w.Header().Set(k, v)
	}
	w.Header().Set("Tus-Resumable", "1.0.0")
	w.WriteHeader(resp.StatusCode)
	_, _ = w.Write([]byte(resp.Body))
}
