package uploadref_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/vidhost/vidhost/pkg/uploadref"
)

const id = "abcdefghij0123456789_"

func TestFormatParsesBack(t *testing.T) {
	ref := uploadref.Format(id)
	assert.Equal(t, "svc://uploads/"+id, ref)
	got, query, ok := uploadref.Parse(ref)
	assert.True(t, ok)
	assert.Equal(t, id, got)
	assert.Empty(t, query)
	assert.True(t, uploadref.Is(ref))
}

func TestParse(t *testing.T) {
	tests := []struct {
		name, in  string
		id, query string
		ok        bool
	}{
		{"bare", "svc://uploads/" + id, id, "", true},
		{"with clip", "svc://uploads/" + id + "?svc_clip_start=00:00:01", id, "svc_clip_start=00:00:01", true},
		{"empty query", "svc://uploads/" + id + "?", id, "", true},
		{"empty", "", "", "", false},
		{"prefix only", "svc://uploads/", "", "", false},
		{"short id", "svc://uploads/abc", "", "", false},
		{"long id", "svc://uploads/" + id + "x", "", "", false},
		{"traversal", "svc://uploads/../../etc/passwd", "", "", false},
		{"nested path", "svc://uploads/" + id + "/x", "", "", false},
		{"fragment", "svc://uploads/" + id + "#x", "", "", false},
		{"id with dot", "svc://uploads/abcdefghij012345678.a", "", "", false},
		{"other scheme", "https://uploads/" + id, "", "", false},
		{"upper-case prefix", "SVC://uploads/" + id, "", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			id, query, ok := uploadref.Parse(tt.in)
			assert.Equal(t, tt.ok, ok)
			assert.Equal(t, tt.id, id)
			assert.Equal(t, tt.query, query)
		})
	}
}

func TestIs(t *testing.T) {
	assert.True(t, uploadref.Is("svc://uploads/anything"))
	assert.False(t, uploadref.Is("https://example.com/a.mp4"))
	assert.False(t, uploadref.Is(""))
}
