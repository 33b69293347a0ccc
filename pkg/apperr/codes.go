package apperr

import "google.golang.org/grpc/codes"

//go:generate go run ./internal/gen -in codes.json -go codes_generated.go -docs ../../docs/errors.md

// Definition is one documented error code, a row of codes.json.
type Definition struct {
	// HTTPStatus is what the edge answers with.
	HTTPStatus int
	// GRPCCode is the status code a service sends it with; unset when
	// EdgeOnly.
	GRPCCode codes.Code
	// EdgeOnly codes are answered by HTTP handlers themselves (a body too
	// large, a content type refused) and never cross gRPC.
	EdgeOnly bool
	// Generic marks the code of a whole class (InvalidArgument ->
	// invalid_argument), given to errors that carry no specific code.
	Generic bool
	// FixedMessage means clients always see Message rather than the error's
	// own text, which may hold details that belong in the log.
	FixedMessage bool
	// Message is the default message, for errors without one of their own.
	Message string
}

// Lookup returns the definition of code.
func Lookup(code string) (Definition, bool) {
	d, ok := definitions[code]
	return d, ok
}

// Codes lists every documented code, in the table's order.
func Codes() []string {
	return append([]string(nil), allCodes...)
}

// GenericCode is the code of an error of gRPC code c that carries none of
// its own; codes outside the table are internal errors.
func GenericCode(c codes.Code) string {
	if code, ok := genericCodes[c]; ok {
		return code
	}
	return CodeInternal
}

// HTTPStatus is the status the edge answers code with; an unknown code is
// an internal error (500) rather than a guess.
func HTTPStatus(code string) int {
	if d, ok := definitions[code]; ok {
		return d.HTTPStatus
	}
	return definitions[CodeInternal].HTTPStatus
}
