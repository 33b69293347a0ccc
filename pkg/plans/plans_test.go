package plans_test

import (
	"errors"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/plans"
	"github.com/vidhost/vidhost/pkg/profiles"
)

func TestRequiredNamesTheCheapestPlanThatHasIt(t *testing.T) {
	for _, tc := range []struct {
		capability string
		has        func(plans.Plan) bool
		want       string
	}{
		{"live streaming", func(p plans.Plan) bool { return p.LiveStreaming }, "live streaming requires the pro plan or higher"},
		{"audit logs", func(p plans.Plan) bool { return p.AuditLogs }, "audit logs requires the enterprise plan or higher"},
		{"teleportation", func(plans.Plan) bool { return false }, "teleportation is not included in any plan"},
	} {
		t.Run(tc.capability, func(t *testing.T) {
			var denied *apperr.Denied
			require.True(t, errors.As(plans.Required(tc.capability, tc.has), &denied))
			assert.Equal(t, apperr.CodePlanRequired, denied.Code)
			assert.Equal(t, tc.want, denied.Reason)
		})
	}
}

func TestValidate(t *testing.T) {
	for _, name := range []string{"free", "pro", "enterprise"} {
		assert.NoError(t, plans.Validate("plan", name))
	}
	assert.EqualError(t, plans.Validate("plan", "gold"), "plan must be one of free, pro, enterprise")
}

func TestDefaultTranscoder(t *testing.T) {
	assert.Equal(t, profiles.Standard, plans.DefaultTranscoder(plans.Free))
	assert.Equal(t, profiles.Standard, plans.DefaultTranscoder(plans.Pro))
	assert.Equal(t, profiles.Standard, plans.DefaultTranscoder(plans.Enterprise))
	assert.Equal(t, profiles.Standard, plans.DefaultTranscoder(""), "no known plan: the cheapest plan's")
}

// TestDocsListEveryPlan keeps docs/plans.md's table in step with the code.
func TestDocsListEveryPlan(t *testing.T) {
	doc, err := os.ReadFile("../../docs/plans.md")
	require.NoError(t, err)
	for _, p := range plans.All() {
		row := "| `" + p.Name + "` | " + yesNo(p.LiveStreaming) + " | " + yesNo(p.AuditLogs) + " | " +
			strconv.FormatInt(p.UploadQuotaBytes, 10) + " | " + strconv.Itoa(p.MaxUsers) + " | " +
			strconv.Itoa(p.MaxLiveEvents) + " | " + strconv.FormatInt(p.MaxIngestBitrate, 10) + " | " + strconv.Itoa(p.MaxRestreams) + " | `" +
			string(p.Transcoder) + "` |"
		assert.True(t, strings.Contains(string(doc), row), "docs/plans.md lacks the row %s", row)
	}
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}
