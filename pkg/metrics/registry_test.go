package metrics

import (
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSeriesNames keeps the conventions: every declared series is
// vidhost_-prefixed snake case, declared once, counters end in _total;
// the runtime's series are exported beside them.
func TestSeriesNames(t *testing.T) {
	valid := regexp.MustCompile(`^vidhost_[a-z][a-z0-9_]*[a-z0-9]$`)
	seen := map[string]bool{}
	for _, name := range declared {
		assert.Regexp(t, valid, name)
		assert.False(t, seen[name], "%s declared twice", name)
		seen[name] = true
	}
	HTTPRequests.WithLabelValues("/v2/x", "GET", "200").Inc()
	families, err := registry.Gather()
	require.NoError(t, err)
	for _, f := range families {
		if f.GetType().String() == "COUNTER" && regexp.MustCompile(`^vidhost_`).MatchString(f.GetName()) {
			assert.Regexp(t, `_total$`, f.GetName())
		}
	}
	names, err := Names()
	require.NoError(t, err)
	assert.Contains(t, names, "go_goroutines")
	assert.Contains(t, names, "vidhost_http_request_duration_seconds_bucket")
}
