package validate

import (
	"errors"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestFieldRules(t *testing.T) {
	word := regexp.MustCompile(`^[a-z]+$`)
	tests := []struct {
		name string
		err  error
		want string
	}{
		{"length ok", Length("name", "日本語", 3), ""},
		{"length counts characters", Length("name", "日本語x", 3), "name must be 1-3 characters"},
		{"length empty", Length("name", "", 3), "name must be 1-3 characters"},
		{"max length empty", MaxLength("description", "", 3), ""},
		{"max length", MaxLength("description", strings.Repeat("é", 4), 3), "description must be at most 3 characters"},
		{"max bytes counts bytes", MaxBytes("metadata", strings.Repeat("é", 2), 3), "metadata must be at most 3 bytes"},
		{"max bytes ok", MaxBytes("metadata", "abc", 3), ""},
		{"max bytes refuses invalid UTF-8", MaxBytes("metadata", "\xff", 3), "metadata must be valid UTF-8"},
		{"one of", OneOf("privacy", "secret", "public, private or unlisted", "public", "private", "unlisted"),
			"privacy must be public, private or unlisted"},
		{"one of ok", OneOf("privacy", "public", "", "public"), ""},
		{"pattern", Pattern("region", "EU", word, "lowercase letters"), "region must be lowercase letters"},
		{"pattern ok", Pattern("region", "eu", word, "lowercase letters"), ""},
		{"first", First(nil, errors.New("second"), errors.New("third")), "second"},
		{"trimmed length ok", trimmedErr(TrimmedLength("name", " ab", 3)), ""},
		{"trimmed length counts the padding", trimmedErr(TrimmedLength("name", " abc", 3)), "name must be 1-3 characters"},
		{"trimmed length blank", trimmedErr(TrimmedLength("name", "  ", 3)), "name must be 1-3 characters"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.want == "" {
				assert.NoError(t, tt.err)
				return
			}
			assert.EqualError(t, tt.err, tt.want)
		})
	}
}

func TestMask(t *testing.T) {
	updatable := func(path string) bool { return path == "name" || path == "colour" }
	tests := []struct {
		paths []string
		want  string
	}{
		{[]string{"name", "colour"}, ""},
		{nil, "request must change at least one field"},
		{[]string{""}, "request must change at least one field"},
		{[]string{"name", "created_time"}, "created_time cannot be changed"},
		{[]string{"id"}, "id cannot be changed"},
		{[]string{"size"}, "size is not a player field"},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.paths, ","), func(t *testing.T) {
			err := Mask(tt.paths, updatable, "a player")
			if tt.want == "" {
				assert.NoError(t, err)
				return
			}
			assert.EqualError(t, err, tt.want)
		})
	}
}

func trimmedErr(_ string, err error) error { return err }
