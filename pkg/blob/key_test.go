package blob_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/vidhost/vidhost/pkg/blob"
)

func TestValidateKey(t *testing.T) {
	tests := []struct {
		key   string
		valid bool
	}{
		{"uploads/acc/up1/source.mp4", true},
		{"videos/a-b_c/v~1/hls/720p/seg_00001.m4s", true},
		{"a", true},
		{strings.Repeat("a", blob.MaxKeyLength), true},
		{"", false},
		{strings.Repeat("a", blob.MaxKeyLength+1), false},
		{"/leading", false},
		{"trailing/", false},
		{"double//slash", false},
		{"../escape", false},
		{"a/../b", false},
		{"a/./b", false},
		{".tmp/x", false},
		{"a/.hidden", false},
		{"nul\x00byte", false},
		{"space here", false},
		{"back\\slash", false},
		{"query?x", false},
		{"percent%2e", false},
		{"plus+sign", false},
		{"ünïcode", false},
	}
	for _, tt := range tests {
		t.Run(tt.key, func(t *testing.T) {
			err := blob.ValidateKey(tt.key)
			if tt.valid {
				assert.NoError(t, err)
			} else {
				assert.ErrorIs(t, err, blob.ErrInvalidKey)
			}
		})
	}
}

func TestValidatePrefix(t *testing.T) {
	tests := []struct {
		prefix string
		valid  bool
	}{
		{"", true},
		{"videos/", true},
		{"videos/acc/v", true},
		{"/", false},
		{"videos//", false},
		{"../", false},
		{".meta/", false},
	}
	for _, tt := range tests {
		t.Run(tt.prefix, func(t *testing.T) {
			err := blob.ValidatePrefix(tt.prefix)
			if tt.valid {
				assert.NoError(t, err)
			} else {
				assert.ErrorIs(t, err, blob.ErrInvalidKey)
			}
		})
	}
}
