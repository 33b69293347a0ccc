package catalog

import (
	"strings"
	"testing"

	"github.com/vidhost/vidhost/services/catalog/internal/catalogtest"
)

func TestCategoryValidate(t *testing.T) {
	tests := []struct {
		name     string
		category Category
		wantErr  string // "" means valid
	}{
		{"valid", Category{Name: "Sport", Value: "sport"}, ""},
		{"40-character name and value", Category{Name: strings.Repeat("n", 40), Value: strings.Repeat("v", 40)}, ""},
		{"limits count characters, not bytes", Category{Name: strings.Repeat("é", 40), Value: "x"}, ""},
		{"empty name", Category{Name: "", Value: "x"}, "name must be 1-40 characters"},
		{"41-character name", Category{Name: strings.Repeat("n", 41), Value: "x"}, "name must be 1-40 characters"},
		{"empty value", Category{Name: "x", Value: ""}, "value must be 1-40 characters"},
		{"41-character value", Category{Name: "x", Value: strings.Repeat("v", 41)}, "value must be 1-40 characters"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assertValidation(t, tt.category.Validate(), tt.wantErr)
		})
	}
}

// assertValidation checks err is nil when want is empty, and otherwise an
// *apperr.Invalid with exactly the message want.
var assertValidation = catalogtest.AssertInvalid
