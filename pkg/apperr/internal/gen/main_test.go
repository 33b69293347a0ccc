package main

import (
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestGeneratedFilesAreUpToDate regenerates into memory and compares with
// what is committed: edit codes.json, then run `go generate ./pkg/apperr`.
func TestGeneratedFilesAreUpToDate(t *testing.T) {
	table, err := loadTable("../../codes.json")
	require.NoError(t, err)
	goSource, err := renderGo(table)
	require.NoError(t, err)
	cases := []struct {
		path string
		want []byte
	}{
		{"../../codes_generated.go", goSource},
		{"../../../../docs/errors.md", renderDocs(table)},
	}
	for _, tc := range cases {
		t.Run(tc.path, func(t *testing.T) {
			committed, err := os.ReadFile(tc.path)
			require.NoError(t, err)
			assert.Equal(t, string(tc.want), string(committed), "stale: run `go generate ./pkg/apperr` and commit")
		})
	}
}

func TestValidateRefusesInconsistentTables(t *testing.T) {
	internal := entry{Name: "internal", HTTP: 500, GRPC: "Internal", Generic: true, Message: "m", Description: "d"}
	notFound := entry{Name: "not_found", HTTP: 404, GRPC: "NotFound", Generic: true, Message: "m", Description: "d"}
	cases := []struct {
		name  string
		entry entry
		err   string
	}{
		{"name not snake_case", entry{Name: "NotFound", HTTP: 404, Message: "m", Description: "d"}, "not snake_case"},
		{"listed twice", notFound, "listed twice"},
		{"not an error status", entry{Name: "ok", HTTP: 200, Message: "m", Description: "d"}, "is not an error"},
		{"no description", entry{Name: "x", HTTP: 400, Message: "m"}, "description are required"},
		{"unknown gRPC code", entry{Name: "x", HTTP: 400, GRPC: "Nope", Message: "m", Description: "d"}, "unknown gRPC code"},
		{"second generic code", entry{Name: "missing", HTTP: 404, GRPC: "NotFound", Generic: true, Message: "m", Description: "d"}, "generic codes"},
		{"status other than its class's", entry{Name: "gone", HTTP: 410, GRPC: "NotFound", Message: "m", Description: "d"}, "but NotFound answers 404"},
		{"class without a generic code", entry{Name: "x", HTTP: 400, GRPC: "InvalidArgument", Message: "m", Description: "d"}, "has no generic code"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			err := table{Codes: []entry{internal, notFound, tc.entry}}.validate()
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.err)
		})
	}
	assert.NoError(t, table{Codes: []entry{internal, notFound}}.validate())
}
