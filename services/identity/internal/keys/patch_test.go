package keys

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestUpdatePatch(t *testing.T) {
	values := Input{Type: "api", Name: "renamed", Permissions: []string{"fetch"}, IPs: []string{"10.1.2.3/8"}}
	tests := []struct {
		name    string
		paths   []string
		values  Input
		want    Key // the result of applying the patch to base
		wantErr string
	}{
		{name: "name", paths: []string{"name"}, values: values,
			want: Key{Name: "renamed", Permissions: []string{}, IPs: []string{"1.1.1.1"}}},
		{name: "permissions", paths: []string{"permissions"}, values: values,
			want: Key{Name: "old", Permissions: []string{"fetch"}, IPs: []string{"1.1.1.1"}}},
		{name: "permissions back to read-write", paths: []string{"permissions"}, values: Input{},
			want: Key{Name: "old", Permissions: []string{}, IPs: []string{"1.1.1.1"}}},
		{name: "ips normalised", paths: []string{"ips"}, values: values,
			want: Key{Name: "old", Permissions: []string{}, IPs: []string{"10.0.0.0/8"}}},
		{name: "ips cleared", paths: []string{"ips"}, values: Input{},
			want: Key{Name: "old", Permissions: []string{}, IPs: []string{}}},
		{name: "type api only", paths: []string{"type"}, values: values,
			want: Key{Name: "old", Permissions: []string{}, IPs: []string{"1.1.1.1"}}},
		{name: "all", paths: []string{"name", "permissions", "ips", "type"}, values: values,
			want: Key{Name: "renamed", Permissions: []string{"fetch"}, IPs: []string{"10.0.0.0/8"}}},
		{name: "empty mask", paths: nil, values: values, wantErr: "request must change at least one field"},
		{name: "empty JSON object", paths: []string{""}, values: values, wantErr: "request must change at least one field"},
		{name: "type other", paths: []string{"type"}, values: Input{Type: "jwt"}, wantErr: "type must be api"},
		{name: "name empty", paths: []string{"name"}, values: Input{}, wantErr: "name must be 1-50 characters"},
		{name: "permissions bad", paths: []string{"permissions"}, values: Input{Permissions: []string{"all"}}, wantErr: `permissions must be [] (read and write) or ["fetch"] (read only)`},
		{name: "ips bad", paths: []string{"ips"}, values: Input{IPs: []string{"x"}}, wantErr: `ips must contain only IP addresses or CIDR prefixes: "x" is neither`},
		{name: "value", paths: []string{"name", "value"}, values: values, wantErr: "value cannot be changed"},
		{name: "id", paths: []string{"id"}, values: values, wantErr: "id cannot be changed"},
		{name: "created_by", paths: []string{"created_by"}, values: values, wantErr: "created_by cannot be changed"},
		{name: "created_time", paths: []string{"created_time"}, values: values, wantErr: "created_time cannot be changed"},
		{name: "updated_by", paths: []string{"updated_by"}, values: values, wantErr: "updated_by cannot be changed"},
		{name: "updated_time", paths: []string{"updated_time"}, values: values, wantErr: "updated_time cannot be changed"},
		{name: "unknown", paths: []string{"owner"}, values: values, wantErr: "owner is not a field of an API key"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			patch, err := Update{Paths: tt.paths, Values: tt.values}.Patch()
			if tt.wantErr != "" {
				assert.EqualError(t, err, tt.wantErr)
				return
			}
			require.NoError(t, err)
			k := Key{Name: "old", Permissions: []string{}, IPs: []string{"1.1.1.1"}}
			patch.Apply(&k)
			assert.Equal(t, tt.want, k)
		})
	}
}
