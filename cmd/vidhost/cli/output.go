package cli

import (
	"encoding/json"
	"fmt"
	"io"
)

// printer prints results and errors the way the operator asked.
type printer struct {
	json           bool
	stdout, stderr io.Writer
}

func (p printer) print(r result) int {
	if !p.json {
		r.human(p.stdout)
		return exitOK
	}
	if err := json.NewEncoder(p.stdout).Encode(r); err != nil {
		fmt.Fprintf(p.stderr, "vidhost: %v\n", err)
		return exitFailed
	}
	return exitOK
}

// fail reports err: with --json still as one object on stdout, so scripts
// read a single JSON document whatever happens.
func (p printer) fail(err error) int {
	code, message := errorMessage(err)
	if p.json {
		_ = json.NewEncoder(p.stdout).Encode(map[string]any{"error": map[string]string{"code": code, "message": message}})
	} else {
		fmt.Fprintf(p.stderr, "vidhost: %s\n", message)
	}
	return exitFailed
}
