package ids

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestDeriveIsStableAndShapedLikeNew(t *testing.T) {
	id := Derive("video.experience_degraded", "account", "video", "2026-11-20T10:00:00Z")
	assert.True(t, Valid(id), id)
	assert.NotContains(t, "-_", id[:1], "never starts like a flag")
	assert.Equal(t, id, Derive("video.experience_degraded", "account", "video", "2026-11-20T10:00:00Z"), "the same parts, the same id")
	assert.NotEqual(t, id, Derive("video.experience_degraded", "account", "video", "2026-11-20T11:00:00Z"))
	assert.NotEqual(t, Derive("ab", "c"), Derive("a", "bc"), "parts are kept apart")
	// Pinned: a change would rename every derived id already published.
	assert.Equal(t, "RonkRynJT1IONqnlqvhFn", Derive("a", "b"))
}
