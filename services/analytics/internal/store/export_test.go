package store

import "github.com/vidhost/vidhost/services/analytics/internal/views"

// PlanRollup exposes the planner's choice to tests.
func PlanRollup(r views.Report) string { return planRollup(r) }
