package page

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestListTrimsTheFetchedRows(t *testing.T) {
	key := func(i int) Cursor { return Cursor{ID: string(rune('a' + i))} }
	items, next, err := List(Request{Limit: 2}, func() ([]int, error) { return []int{1, 2, 3}, nil }, key)
	require.NoError(t, err)
	assert.Equal(t, []int{1, 2}, items)
	assert.Equal(t, key(2).Encode(), next)
}

func TestListPassesTheFetchErrorOn(t *testing.T) {
	boom := errors.New("boom")
	items, next, err := List(Request{Limit: 2}, func() ([]int, error) { return nil, boom }, func(int) Cursor { return Cursor{} })
	require.ErrorIs(t, err, boom)
	assert.Nil(t, items)
	assert.Empty(t, next)
}
