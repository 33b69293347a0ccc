package langtag_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/vidhost/vidhost/pkg/langtag"
)

func TestParse(t *testing.T) {
	supported := []string{"en-US", "de-DE"}
	tests := []struct {
		in, want string
		err      error
	}{
		{in: "en-US", want: "en-US"},
		{in: "en-us", want: "en-US"},
		{in: "de-DE", want: "de-DE"},
		{in: "en-GB", err: langtag.ErrUnsupported},
		{in: "fr-FR", err: langtag.ErrUnsupported},
		{in: "en", err: langtag.ErrMalformed},
		{in: "english", err: langtag.ErrMalformed},
		{in: "xx-YY", err: langtag.ErrMalformed},
		{in: "", err: langtag.ErrMalformed},
		{in: "en-419", err: langtag.ErrMalformed},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := langtag.Parse(tt.in, supported)
			if tt.err != nil {
				assert.ErrorIs(t, err, tt.err)
				return
			}
			assert.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
	_, err := langtag.Parse("fr-FR", supported)
	assert.EqualError(t, err, "language must be one of: en-US, de-DE")
}
