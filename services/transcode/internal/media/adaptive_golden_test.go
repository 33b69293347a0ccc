package media

import (
	"testing"

	"github.com/vidhost/vidhost/pkg/golden"
)

// adaptivePlan is landscapePlan after an analysis that found a simple
// source whose 1080p rung adds nothing over 720p scaled up.
func adaptivePlan(t *testing.T) plan {
	p := landscapePlan(t)
	a := sure(0.02)
	a.Gains[0] = 0.0005
	renditions, rate := decideLadder(p.renditions, a)
	p.av1Rate = rate
	p.setRenditions(renditions)
	return p
}

func TestGoldenAdaptiveArgs(t *testing.T) {
	golden.Args(t, "analysis_1080p", analysisArgs(landscapePlan(t), "/work/tmp/analysis", SSIM{}))
	golden.Args(t, "analysis_clip_portrait", analysisArgs(oddPlan(t), "/work/tmp/analysis", SSIM{}))
	golden.Args(t, "ladder_adaptive_1080p", ladderArgs(adaptivePlan(t)))
}
