package media

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/golden"
)

func readTestdata(t *testing.T, name string) []byte {
	data, err := os.ReadFile(filepath.Join("testdata", name))
	require.NoError(t, err)
	return data
}

// TestGoldenMergedManifest: the AV1 muxer's set joins the H.264 muxer's
// period as its third set, under names that still reach its files.
func TestGoldenMergedManifest(t *testing.T) {
	av1 := &muxerState{muxerLayout: av1Muxer, data: readTestdata(t, "manifest_av1_static.mpd")}
	merged, err := mergeMPD(readTestdata(t, "manifest_static.mpd"), []*muxerState{av1})
	require.NoError(t, err)
	golden.Text(t, "manifest_merged", string(merged))

	doc, err := parseMPD(merged)
	require.NoError(t, err)
	require.Len(t, doc.Periods, 1)
	var ids []string
	for _, tr := range doc.tracks("") {
		ids = append(ids, tr.ID)
	}
	assert.Equal(t, []string{"0", "1", "2", "3", "av1-0", "av1-1"}, ids, "every representation id once")
	av1Track := doc.tracks("")[4]
	assert.Equal(t, "init-av1-0.m4s", av1Track.Init)
	assert.Equal(t, []segment{{"seg-av1-0-00001.m4s", 2}, {"seg-av1-0-00002.m4s", 2}}, av1Track.Segments)
	assert.Equal(t, "av01.0.01M.08", av1Track.Codecs)
}

func TestMergedManifestWantsOnePeriod(t *testing.T) {
	av1 := &muxerState{muxerLayout: av1Muxer, data: readTestdata(t, "manifest_av1_static.mpd")}
	_, err := mergeMPD([]byte(`<MPD></MPD>`), []*muxerState{av1})
	assert.ErrorContains(t, err, "one period")
	_, err = mergeMPD(readTestdata(t, "manifest_static.mpd"), []*muxerState{{data: []byte(`<MPD><Period><AdaptationSet`)}})
	assert.ErrorContains(t, err, "dash manifest")
}
