package events

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
	"github.com/vidhost/vidhost/services/catalog/internal/transcribes"
)

func TestDecodeTranscribeReport(t *testing.T) {
	tr, video := ids.New(), ids.New()
	completed := `{"meta":{"id":"m","accountId":"acc"},"transcribeId":"` + tr + `","videoId":"` + video +
		`","vttObjectKey":"videos/acc/` + video + `/transcribes/` + tr + `.vtt","cueCount":3,"newerField":1}`
	got, err := DecodeTranscribeReport(natsx.SubjectTranscribeCompleted, []byte(completed))
	require.NoError(t, err, "unknown fields are ignored")
	assert.Equal(t, transcribes.Report{Kind: catalog.MediaCompleted, AccountID: "acc", TranscribeID: tr, VideoID: video,
		VTTKey: "videos/acc/" + video + "/transcribes/" + tr + ".vtt"}, got)

	for name, tc := range map[string]struct{ subject, data string }{
		"another subject": {natsx.SubjectTranscodeCompleted, completed},
		"not JSON":        {natsx.SubjectTranscribeFailed, "{"},
		"no account":      {natsx.SubjectTranscribeProgress, `{"transcribeId":"` + tr + `","videoId":"` + video + `"}`},
		"no transcribe":   {natsx.SubjectTranscribeFailed, `{"meta":{"accountId":"acc"},"videoId":"` + video + `"}`},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := DecodeTranscribeReport(tc.subject, []byte(tc.data))
			assert.Error(t, err, "poison: dead-lettered, never retried")
		})
	}
}
