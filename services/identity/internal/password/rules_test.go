package password

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestCheck(t *testing.T) {
	cases := []struct {
		name, password, want string
	}{
		{"ok", "correct horse battery", ""},
		{"too short", "abc123xyz", "password must be 10-128 characters"},
		{"too long", strings.Repeat("a", 129), "password must be 10-128 characters"},
		{"common", "qwertyuiop", "password is too common: it appears in lists of leaked passwords"},
		{"common in capitals", "QwertyUIOP", "password is too common: it appears in lists of leaked passwords"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			err := Check("password", tc.password)
			if tc.want == "" {
				assert.NoError(t, err)
				return
			}
			assert.EqualError(t, err, tc.want)
		})
	}
}

func TestVerifyOrDummy(t *testing.T) {
	h := Hash("correct horse battery")
	assert.True(t, VerifyOrDummy("correct horse battery", h))
	assert.False(t, VerifyOrDummy("wrong horse battery", h))
	assert.False(t, VerifyOrDummy("correct horse battery", ""), "no user: never true")
	assert.False(t, VerifyOrDummy("x", "not a hash"))
}
