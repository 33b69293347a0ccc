package blob

import (
	"encoding/json"
	"net/http"
)

// envelope is Vidhost's response shape (spec/interface-v2.md), written here
// because Handler answers directly rather than through grpc-gateway.
type envelope struct {
	Success bool           `json:"success"`
	Result  any            `json:"result"`
	Links   struct{}       `json:"links"` // always {}, as on every /v2 response
	Errors  []errorMessage `json:"errors"`
}

type errorMessage struct {
	Message string `json:"message"`
}

func writeError(w http.ResponseWriter, status int, message string) {
	writeEnvelope(w, status, envelope{
		Result: struct{}{},
		Errors: []errorMessage{{Message: message}},
	})
}

func writeResult(w http.ResponseWriter, result any) {
	writeEnvelope(w, http.StatusOK, envelope{Success: true, Result: result, Errors: []errorMessage{}})
}

func writeEnvelope(w http.ResponseWriter, status int, body envelope) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(body)
}
