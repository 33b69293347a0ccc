package password

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
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
	h := mustHash(t, "correct horse battery")
	for _, tc := range []struct {
		name, password, encoded string
		want                    bool
	}{
		{"right", "correct horse battery", h, true},
		{"wrong", "wrong horse battery", h, false},
		{"no user: never true", "correct horse battery", "", false},
		{"malformed stored hash", "x", "not a hash", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ok, err := VerifyOrDummy(t.Context(), tc.password, tc.encoded)
			require.NoError(t, err)
			assert.Equal(t, tc.want, ok)
		})
	}
}

func TestDummyHashIsWellFormed(t *testing.T) {
	ok, err := Verify(t.Context(), "vidhost dummy password for timing", dummyHash)
	require.NoError(t, err)
	assert.True(t, ok, "the dummy costs what a stored hash of today's parameters costs")
	assert.True(t, strings.HasPrefix(dummyHash, "$argon2id$v=19$m=19456,t=2,p=1$"))
}
