package pipeline

import (
	"testing"

	"github.com/vidhost/vidhost/pkg/golden"
)

func TestLiveArgsGolden(t *testing.T) {
	golden.Args(t, "live_default", Args(DefaultPlan("/work/run")))
}
