package clips

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/vidhost/vidhost/pkg/apirules"
	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
)

// Bad bounds are refused before the event is read, naming the field.
func TestRequestSpan(t *testing.T) {
	seconds := func(n int) *int { return &n }
	tests := []struct {
		name       string
		start, end *int
		field      string
	}{
		{"valid", seconds(40), seconds(60), ""},
		{"from the start", seconds(0), seconds(120), ""},
		{"no start", nil, seconds(60), "start_seconds"},
		{"no end", seconds(40), nil, "end_seconds"},
		{"negative", seconds(-2), seconds(10), "start_seconds"},
		{"end before start", seconds(40), seconds(40), "end_seconds"},
		{"longer than two minutes", seconds(0), seconds(121), "end_seconds"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sp, err := Request{Start: tt.start, End: tt.end}.span()
			if tt.field == "" {
				assert.NoError(t, err)
				assert.Equal(t, span{Start: *tt.start, End: *tt.end}, sp)
				return
			}
			var invalid *apperr.Invalid
			if assert.ErrorAs(t, err, &invalid) {
				assert.Equal(t, tt.field, invalid.Field)
			}
		})
	}
}

func TestRequestName(t *testing.T) {
	event := catalog.Video{Name: "Launch"}
	assert.Equal(t, "Launch (clip)", Request{}.name(event))
	assert.Equal(t, "Best bit", Request{Name: "Best bit"}.name(event))
	long := Request{}.name(catalog.Video{Name: strings.Repeat("é", catalog.VideoNameMax)})
	assert.Equal(t, catalog.VideoNameMax, len([]rune(long)), "shortened to the name's limit")
	assert.True(t, strings.HasSuffix(long, " (clip)"))
}

// The bounds follow the table the OpenAPI document is generated from
// (pkg/apirules): each minimum passes, one below it is refused.
func TestSpanFollowsTheInterfaceTable(t *testing.T) {
	rules := apirules.Messages["vidhost.catalog.v1.CreateClipRequest"].Fields
	at := func(start, end int) error { _, err := Request{Start: &start, End: &end}.span(); return err }
	start, end := int(rules["start_seconds"].Minimum), int(rules["end_seconds"].Minimum)
	assert.NoError(t, at(start, start+1))
	assert.Error(t, at(start-1, start+1))
	assert.NoError(t, at(0, end))
	assert.Error(t, at(0, end-1))
	assert.Equal(t, catalog.ClipMaxSeconds, apirules.ClipMaxSeconds)
}
