package langtag

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestCanonical(t *testing.T) {
	tests := []struct{ in, want string }{
		{"en", "en"},
		{"EN", "en"},
		{"pt-br", "pt-BR"},
		{"zh-hant-tw", "zh-Hant-TW"},
		{"es-419", "es-419"},
		{"sr-Latn-RS", "sr-Latn-RS"},
		{"iw", "he"},
		{"eng", "en"},
		{"de-CH-1901", "de-CH-1901"},
		{"", ""},
		{"xx", ""},
		{"und", ""},
		{"en_US", ""},
		{"en-", ""},
		{"-en", ""},
		{"e", ""},
		{"en-" + strings.Repeat("a", 9), ""},
		{"en-" + strings.Repeat("abcdefg-", 5), ""},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := Canonical(tt.in)
			if tt.want == "" {
				assert.ErrorIs(t, err, ErrNotATag)
				return
			}
			assert.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}
