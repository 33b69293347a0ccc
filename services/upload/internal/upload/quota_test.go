package upload

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/vidhost/vidhost/pkg/plans"
)

func TestPlanQuota(t *testing.T) {
	free, _ := plans.Lookup(plans.Free)
	pro, _ := plans.Lookup(plans.Pro)
	tests := []struct {
		name      string
		plan      string
		capBytes  int64
		wantBytes int64
		wantPlan  string
	}{
		{"the plan's", plans.Pro, 0, pro.UploadQuotaBytes, plans.Pro},
		{"no plan: the cheapest", "", 0, free.UploadQuotaBytes, plans.Free},
		{"unknown plan: the cheapest", "gold", 0, free.UploadQuotaBytes, plans.Free},
		{"a cap below the plan's", plans.Pro, 5, 5, ""},
		{"a cap above the plan's", plans.Free, pro.UploadQuotaBytes, free.UploadQuotaBytes, plans.Free},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			gotBytes, gotPlan := planQuota(tt.plan, tt.capBytes)
			assert.Equal(t, tt.wantBytes, gotBytes)
			assert.Equal(t, tt.wantPlan, gotPlan)
		})
	}
}
