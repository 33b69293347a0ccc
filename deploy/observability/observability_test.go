package observability

import (
	"encoding/json"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"

	"github.com/vidhost/vidhost/pkg/metrics"
)

// ruleFile is the Prometheus rule file format's part the rules use.
type ruleFile struct {
	Groups []struct {
		Name  string `yaml:"name"`
		Rules []struct {
			Alert       string            `yaml:"alert"`
			Expr        string            `yaml:"expr"`
			For         string            `yaml:"for"`
			Labels      map[string]string `yaml:"labels"`
			Annotations map[string]string `yaml:"annotations"`
		} `yaml:"rules"`
	} `yaml:"groups"`
}

// seriesName finds the series an expression names: Vidhost's own, the Go
// runtime's and the process's (client_golang's collectors), and up.
var seriesName = regexp.MustCompile(`\b(?:vidhost|go|process)_[a-z0-9_]+\b|\bup\b`)

// checkExpr fails when expr names a series the registry does not export,
// names none, or has unbalanced brackets (a typo promtool would catch).
func checkExpr(t *testing.T, where, expr string, known map[string]bool) {
	t.Helper()
	names := seriesName.FindAllString(expr, -1)
	assert.NotEmpty(t, names, "%s: names no series: %s", where, expr)
	for _, name := range names {
		if name == "up" {
			continue // Prometheus's own, per scrape target
		}
		assert.True(t, known[name], "%s: %s is not a series pkg/metrics exports", where, name)
	}
	for _, pair := range []string{"()", "{}", "[]"} {
		assert.Equal(t, strings.Count(expr, pair[:1]), strings.Count(expr, pair[1:]), "%s: unbalanced %s in %s", where, pair, expr)
	}
}

func knownSeries(t *testing.T) map[string]bool {
	names, err := metrics.Names()
	require.NoError(t, err)
	known := map[string]bool{}
	for _, name := range names {
		known[name] = true
	}
	return known
}

func TestAlertRules(t *testing.T) {
	raw, err := os.ReadFile("prometheus/alerts.yaml")
	require.NoError(t, err)
	var rules ruleFile
	dec := yaml.NewDecoder(strings.NewReader(string(raw)))
	dec.KnownFields(true) // a misspelt key is an error, not an ignored rule
	require.NoError(t, dec.Decode(&rules))
	require.NotEmpty(t, rules.Groups)
	known := knownSeries(t)
	seen := map[string]bool{}
	for _, group := range rules.Groups {
		require.NotEmpty(t, group.Rules, group.Name)
		for _, rule := range group.Rules {
			assert.False(t, seen[rule.Alert], "alert %s defined twice", rule.Alert)
			seen[rule.Alert] = true
			assert.Regexp(t, `^Vidhost[A-Za-z]+$`, rule.Alert)
			checkExpr(t, rule.Alert, rule.Expr, known)
			_, err := time.ParseDuration(rule.For)
			assert.NoError(t, err, "%s: for", rule.Alert)
			assert.Contains(t, []string{"critical", "warning", "info"}, rule.Labels["severity"], rule.Alert)
			assert.NotEmpty(t, rule.Annotations["summary"], rule.Alert)
		}
	}
}

// dashboard is the part of Grafana's dashboard model the test reads.
type dashboard struct {
	UID    string `json:"uid"`
	Panels []struct {
		ID      int    `json:"id"`
		Type    string `json:"type"`
		Title   string `json:"title"`
		Targets []struct {
			Expr string `json:"expr"`
		} `json:"targets"`
	} `json:"panels"`
}

func TestDashboard(t *testing.T) {
	raw, err := os.ReadFile("grafana/vidhost.json")
	require.NoError(t, err)
	var d dashboard
	require.NoError(t, json.Unmarshal(raw, &d))
	assert.NotEmpty(t, d.UID)
	known := knownSeries(t)
	ids := map[int]bool{}
	graphs := 0
	for _, p := range d.Panels {
		assert.False(t, ids[p.ID], "panel id %d used twice", p.ID)
		ids[p.ID] = true
		if p.Type == "row" {
			continue
		}
		graphs++
		require.NotEmpty(t, p.Targets, p.Title)
		for _, target := range p.Targets {
			checkExpr(t, p.Title, target.Expr, known)
		}
	}
	assert.GreaterOrEqual(t, graphs, 10)
}

// TestEverySeriesIsWatched keeps the dashboard in step with pkg/metrics:
// a series added there and shown nowhere is a series nobody looks at.
func TestEverySeriesIsWatched(t *testing.T) {
	rawDashboard, err := os.ReadFile("grafana/vidhost.json")
	require.NoError(t, err)
	names, err := metrics.Names()
	require.NoError(t, err)
	for _, name := range names {
		if !strings.HasPrefix(name, "vidhost_") || strings.HasSuffix(name, "_sum") || strings.HasSuffix(name, "_count") {
			continue
		}
		base := strings.TrimSuffix(name, "_bucket")
		assert.True(t, strings.Contains(string(rawDashboard), base), "%s is on no dashboard panel", name)
	}
}
