package main

import (
	"encoding/json"
	"fmt"
	"os"
	"regexp"

	"google.golang.org/grpc/codes"
)

// entry is one row of codes.json.
type entry struct {
	Name string `json:"name"`
	HTTP int    `json:"http"`
	// GRPC is the gRPC code a service sends this error with; empty for
	// codes only the edge answers (a body too large never reaches a service).
	GRPC string `json:"grpc"`
	// Generic marks the code every error of its gRPC code gets when it has
	// no specific one; exactly one per gRPC code.
	Generic bool `json:"generic"`
	// FixedMessage means clients always see Message, never the error's own
	// text (which may hold details that belong in the log).
	FixedMessage bool   `json:"fixed_message"`
	Message      string `json:"message"`
	Description  string `json:"description"`
}

type table struct {
	Codes []entry `json:"codes"`
}

var snakeCase = regexp.MustCompile(`^[a-z][a-z0-9]*(_[a-z0-9]+)*$`)

// grpcCodes resolves the names used in codes.json ("InvalidArgument").
func grpcCodes() map[string]codes.Code {
	byName := map[string]codes.Code{}
	for c := codes.OK; c <= codes.Unauthenticated; c++ {
		byName[c.String()] = c
	}
	return byName
}

func loadTable(path string) (table, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return table{}, err
	}
	var t table
	if err := json.Unmarshal(raw, &t); err != nil {
		return table{}, fmt.Errorf("%s: %w", path, err)
	}
	return t, t.validate()
}

// validate refuses a table that would give one gRPC code two HTTP statuses:
// a specific code must answer with its generic code's status, so the
// mapping of gRPC codes to HTTP stays one mapping.
func (t table) validate() error {
	byName, grpcNames := map[string]bool{}, grpcCodes()
	generic := map[string]entry{}
	for _, e := range t.Codes {
		switch {
		case !snakeCase.MatchString(e.Name):
			return fmt.Errorf("code %q: not snake_case", e.Name)
		case byName[e.Name]:
			return fmt.Errorf("code %q: listed twice", e.Name)
		case e.HTTP < 400 || e.HTTP > 599:
			return fmt.Errorf("code %q: HTTP status %d is not an error", e.Name, e.HTTP)
		case e.Message == "" || e.Description == "":
			return fmt.Errorf("code %q: message and description are required", e.Name)
		case e.GRPC != "" && grpcNames[e.GRPC] == codes.OK:
			return fmt.Errorf("code %q: unknown gRPC code %q", e.Name, e.GRPC)
		case e.Generic && e.GRPC == "":
			return fmt.Errorf("code %q: a generic code needs a gRPC code", e.Name)
		}
		byName[e.Name] = true
		if e.Generic {
			if other, ok := generic[e.GRPC]; ok {
				return fmt.Errorf("gRPC code %s: generic codes %q and %q", e.GRPC, other.Name, e.Name)
			}
			generic[e.GRPC] = e
		}
	}
	for _, e := range t.Codes {
		if e.GRPC == "" {
			continue
		}
		g, ok := generic[e.GRPC]
		if !ok {
			return fmt.Errorf("code %q: gRPC code %s has no generic code", e.Name, e.GRPC)
		}
		if g.HTTP != e.HTTP {
			return fmt.Errorf("code %q: HTTP %d, but %s answers %d (%s)", e.Name, e.HTTP, e.GRPC, g.HTTP, g.Name)
		}
	}
	if _, ok := generic[codes.Internal.String()]; !ok {
		return fmt.Errorf("no generic code for Internal, the answer to unlisted gRPC codes")
	}
	return nil
}
