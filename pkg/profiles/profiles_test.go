package profiles_test

import (
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/profiles"
)

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want profiles.Name
	}{
		{"", profiles.Standard},
		{"standard", profiles.Standard},
		{"efficient", profiles.Efficient},
		{"fixed", profiles.Fixed},
	} {
		got, err := profiles.Parse(tc.in)
		require.NoError(t, err, tc.in)
		assert.Equal(t, tc.want, got, tc.in)
	}
	_, err := profiles.Parse("Standard")
	assert.EqualError(t, err, `unknown transcoding profile "Standard": must be one of standard, efficient or fixed`)
}

func TestEncoderChoices(t *testing.T) {
	for _, tc := range []struct {
		name          profiles.Name
		adaptive, av1 bool
	}{
		{profiles.Standard, true, false},
		{"", true, false}, // a job enqueued before profiles existed
		{profiles.Efficient, true, true},
		{profiles.Fixed, false, false},
	} {
		assert.Equal(t, tc.adaptive, tc.name.Adaptive(), "%q adaptive", tc.name)
		assert.Equal(t, tc.av1, tc.name.AV1(), "%q AV1", tc.name)
	}
}

func TestEveryProfileIsDescribedAndParses(t *testing.T) {
	names := profiles.Names()
	assert.Equal(t, []profiles.Name{profiles.Standard, profiles.Efficient, profiles.Fixed}, names)
	for _, p := range profiles.All() {
		assert.NotEmpty(t, p.Description, p.Name)
		assert.Equal(t, p.Description, p.Name.Description())
		got, err := profiles.Parse(string(p.Name))
		require.NoError(t, err)
		assert.Equal(t, p.Name, got)
	}
	assert.Empty(t, profiles.Name("turbo").Description())
}

// TestDocsDescribeEveryProfile keeps docs/transcoding.md's table in step
// with the code.
func TestDocsDescribeEveryProfile(t *testing.T) {
	doc, err := os.ReadFile("../../docs/transcoding.md")
	require.NoError(t, err)
	for _, p := range profiles.All() {
		row := "| `" + string(p.Name) + "` | " + p.Description + " |"
		assert.Contains(t, string(doc), row, "docs/transcoding.md lacks the row")
	}
}
