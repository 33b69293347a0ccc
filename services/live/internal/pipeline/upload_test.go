package pipeline

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestNamedFilesAreTheInitAndSegments(t *testing.T) {
	playlist := "#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-TARGETDURATION:2\n#EXT-X-MAP:URI=\"init_0.mp4\"\n" +
		"#EXTINF:2.000000,\n#EXT-X-PROGRAM-DATE-TIME:2026-11-24T21:29:50.255+0000\n00000.m4s\n" +
		"#EXTINF:2.000000,\n00001.m4s\n#EXT-X-ENDLIST\n"
	assert.Equal(t, []string{"init_0.mp4", "00000.m4s", "00001.m4s"}, namedFiles(playlist))
	assert.Empty(t, namedFiles("#EXTM3U\n"), "a playlist before its first segment names nothing")
}
