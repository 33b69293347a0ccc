package openapitest

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// decodeJSON reads a body as kin-openapi's validators expect it (numbers as
// float64, as encoding/json gives them).
func decodeJSON(raw []byte) (any, error) {
	var value any
	decoder := json.NewDecoder(bytes.NewReader(raw))
	if err := decoder.Decode(&value); err != nil {
		return nil, fmt.Errorf("response is not JSON: %w", err)
	}
	return value, nil
}
