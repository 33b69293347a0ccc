package page

import (
	"errors"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

type message struct{ text string }

func toMessage(i int) *message { return &message{text: strconv.Itoa(i)} }

func TestItem(t *testing.T) {
	got, err := Item(7, nil, toMessage)
	require.NoError(t, err)
	assert.Equal(t, &message{text: "7"}, got)

	boom := errors.New("boom")
	got, err = Item(7, boom, toMessage)
	require.ErrorIs(t, err, boom)
	assert.Nil(t, got)
}

func TestItems(t *testing.T) {
	assert.Equal(t, []*message{{text: "1"}, {text: "2"}}, Items([]int{1, 2}, toMessage))
	assert.Empty(t, Items(nil, toMessage))
}
