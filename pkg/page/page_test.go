package page

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func ptr(v int32) *int32 { return &v }

func TestParseLimit(t *testing.T) {
	cases := []struct {
		name  string
		limit *int32
		want  int
		ok    bool
	}{
		{"default", nil, 25, true},
		{"one", ptr(1), 1, true},
		{"max", ptr(25), 25, true},
		{"zero", ptr(0), 0, false},
		{"negative", ptr(-1), 0, false},
		{"too big", ptr(26), 0, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			req, err := Parse(tc.limit, "")
			if !tc.ok {
				require.Error(t, err)
				assert.Contains(t, err.Error(), "limit must be")
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, req.Limit)
		})
	}
}

func TestCursorRoundTrip(t *testing.T) {
	c := Cursor{Time: time.Date(2026, 1, 2, 3, 4, 5, 123456000, time.UTC), ID: "abc"}
	req, err := Parse(nil, c.Encode())
	require.NoError(t, err)
	assert.Equal(t, c, req.Cursor)
}

func TestParseRejectsForgedCursor(t *testing.T) {
	for _, s := range []string{"!!!", "bm90IGpzb24", "e30"} {
		_, err := Parse(nil, s)
		require.Error(t, err, s)
		assert.Contains(t, err.Error(), "cursor")
	}
}

func TestTrim(t *testing.T) {
	rows := []int{1, 2, 3}
	key := func(i int) Cursor { return Cursor{ID: string(rune('a' + i))} }
	got, next := Trim(rows, Request{Limit: 2}, key)
	assert.Equal(t, []int{1, 2}, got)
	assert.NotEmpty(t, next)
	got, next = Trim(rows, Request{Limit: 3}, key)
	assert.Equal(t, rows, got)
	assert.Empty(t, next)
}
