package ingest

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestSRTStreamKeyReadsEveryStreamIDForm(t *testing.T) {
	t.Parallel()
	const key = "vhlive_abc-DEF_123"
	tests := []struct {
		streamID string
		key      string
		refusal  *Refusal
	}{
		{"publish:" + key, key, nil},
		{"publish%3A" + key, key, nil}, // as ffmpeg 5.1 sends an escaped URL's
		{key, key, nil},
		{"#!::r=" + key + ",m=publish", key, nil},
		{"#!::m=publish,r=" + key + ",u=obs", key, nil},
		{"#!::r=" + key, key, nil}, // no mode: the port takes only publishers
		{"%23%21%3A%3Ar%3D" + key + "%2Cm%3Dpublish", key, nil},
		{"#!::r=" + key + ",m=request", "", errSRTNotPublishing},
		{"read:" + key, "", errSRTNotPublishing},
		{"", "", errSRTNoKey},
		{"publish:", "", errSRTNoKey},
		{"#!::m=publish", "", errSRTNoKey},
		{"live/" + key, "", errSRTNoKey},
	}
	for _, tt := range tests {
		t.Run(tt.streamID, func(t *testing.T) {
			got, err := srtStreamKey(tt.streamID)
			if tt.refusal != nil {
				assert.Equal(t, tt.refusal, err)
				return
			}
			assert.NoError(t, err)
			assert.Equal(t, tt.key, got)
		})
	}
}
