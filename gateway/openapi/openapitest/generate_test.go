package openapitest

import (
	"context"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"
)

// Generate draws a request for every operation of the document: its path
// has no template left, and a request it calls invalid says how.
func TestGenerateDrawsEveryOperation(t *testing.T) {
	doc, err := Load(context.Background())
	require.NoError(t, err)
	ops := Operations(doc)
	require.Greater(t, len(ops), 90)
	rapid.Check(t, func(rt *rapid.T) {
		op := rapid.SampledFrom(ops).Draw(rt, "operation")
		req := Generate(rt, op, []string{"abc"})
		target, err := url.Parse(req.Target)
		require.NoError(rt, err)
		assert.NotContains(rt, target.Path, "{")
		assert.True(rt, strings.HasPrefix(req.Target, "/v2/"))
		assert.Equal(rt, req.Valid, req.Broken == "")
	})
}
