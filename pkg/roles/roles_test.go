package roles

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestAtLeast(t *testing.T) {
	tests := []struct {
		role, least string
		want        bool
	}{
		{Viewer, Viewer, true},
		{Viewer, Uploader, false},
		{Uploader, Viewer, true},
		{Admin, Uploader, true},
		{Admin, Owner, false},
		{Owner, Admin, true},
		{Owner, Owner, true},
		{"", Viewer, false},
		{"root", Viewer, false},
		{Owner, "", false},
	}
	for _, tt := range tests {
		t.Run(tt.role+">="+tt.least, func(t *testing.T) {
			assert.Equal(t, tt.want, AtLeast(tt.role, tt.least))
		})
	}
}

func TestValidate(t *testing.T) {
	for _, r := range All() {
		assert.NoError(t, Validate("role", r))
	}
	err := Validate("role", "superuser")
	assert.EqualError(t, err, "role must be one of viewer, uploader, admin, owner")
}
