package keys

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/apperr"
)

func valid() Input {
	return Input{Type: "api", Name: "ci", Permissions: []string{}, IPs: []string{}}
}

func TestInputValidate(t *testing.T) {
	tests := []struct {
		name    string
		change  func(*Input)
		wantErr string // "" when valid
	}{
		{"valid read-write", func(in *Input) {}, ""},
		{"valid read-only", func(in *Input) { in.Permissions = []string{"fetch"} }, ""},
		{"nil lists are empty", func(in *Input) { in.Permissions, in.IPs = nil, nil }, ""},
		{"name of 50 characters", func(in *Input) { in.Name = strings.Repeat("é", 50) }, ""},
		{"type missing", func(in *Input) { in.Type = "" }, "type must be api"},
		{"type other", func(in *Input) { in.Type = "API" }, "type must be api"},
		{"name empty", func(in *Input) { in.Name = "" }, "name must be 1-50 characters"},
		{"name of 51 characters", func(in *Input) { in.Name = strings.Repeat("a", 51) }, "name must be 1-50 characters"},
		{"permissions unknown", func(in *Input) { in.Permissions = []string{"write"} }, "permissions must be"},
		{"permissions fetch twice", func(in *Input) { in.Permissions = []string{"fetch", "fetch"} }, "permissions must be"},
		{"permissions empty string", func(in *Input) { in.Permissions = []string{""} }, "permissions must be"},
		{"ips not an address", func(in *Input) { in.IPs = []string{"example.com"} }, `ips must contain only IP addresses or CIDR prefixes: "example.com" is neither`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := valid()
			tt.change(&in)
			got, err := in.Validate()
			if tt.wantErr != "" {
				var invalid *apperr.Invalid
				require.ErrorAs(t, err, &invalid)
				assert.Contains(t, err.Error(), tt.wantErr)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, "api", got.Type)
			assert.Equal(t, in.Name, got.Name)
			assert.NotNil(t, got.Permissions, "stored arrays must not be NULL")
			assert.NotNil(t, got.IPs, "stored arrays must not be NULL")
		})
	}
}

func TestReadOnly(t *testing.T) {
	assert.False(t, Key{Permissions: []string{}}.ReadOnly())
	assert.True(t, Key{Permissions: []string{"fetch"}}.ReadOnly())
}
