package buildinfo

import (
	"runtime/debug"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestDescribe(t *testing.T) {
	info := &debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Version: "v1.2.3"}, Settings: []debug.BuildSetting{
		{Key: "vcs.revision", Value: "7c98f5f0a1b2c3d4e5f6"}, {Key: "vcs.modified", Value: "true"},
		{Key: "vcs.time", Value: "2026-11-24T21:00:00Z"},
	}}
	assert.Equal(t, "v1.2.3 (7c98f5f0a1b2, modified, 2026-11-24T21:00:00Z) go1.26.0", describe(info))
	assert.Equal(t, "(devel) go1.26.0", describe(&debug.BuildInfo{GoVersion: "go1.26.0", Main: debug.Module{Version: "(devel)"}}))
	assert.NotEmpty(t, Version())
}
