package webvtt_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/services/catalog/internal/webvtt"
)

func TestValidateAcceptsWebVTT(t *testing.T) {
	tests := map[string]string{
		"minimal":              "WEBVTT\n\n00:01.000 --> 00:04.000\nHello\n",
		"no final newline":     "WEBVTT\n\n00:01.000 --> 00:04.000\nHello",
		"byte order mark":      "\uFEFFWEBVTT\n\n00:01.000 --> 00:04.000\nHello\n",
		"description":          "WEBVTT - English captions\n\n00:01.000 --> 00:04.000\nHello\n",
		"tab after signature":  "WEBVTT\tx\n\n00:01.000 --> 00:04.000\nHello\n",
		"CRLF":                 "WEBVTT\r\n\r\n00:00:01.000 --> 00:00:04.000\r\nHello\r\n",
		"CR":                   "WEBVTT\r\r00:01.000 --> 00:04.000\rHello\r",
		"hours":                "WEBVTT\n\n01:02:03.004 --> 123:00:00.000\nLong\n",
		"one-digit hours":      "WEBVTT\n\n1:00:00.000 --> 1:00:01.000\nx\n",
		"no spaces at arrow":   "WEBVTT\n\n00:01.000-->00:04.000\nHello\n",
		"settings":             "WEBVTT\n\n00:01.000 --> 00:04.000 align:start line:0 position:10%\nHello\n",
		"identifier":           "WEBVTT\n\nintro\n00:01.000 --> 00:04.000\nHello\n",
		"header, note, style":  "WEBVTT\nX-TIMESTAMP-MAP=MPEGTS:0,LOCAL:00:00:00.000\n\nNOTE a comment\nover lines\n\nSTYLE\n::cue { color: red }\n\n00:01.000 --> 00:04.000\n<v Bob>Hi</v>\n",
		"cue after cue text":   "WEBVTT\n\n00:01.000 --> 00:02.000\nOne\n00:02.000 --> 00:03.000\nTwo\n",
		"cue in header":        "WEBVTT\n00:01.000 --> 00:02.000\nOne\n",
		"empty cue text":       "WEBVTT\n\n00:01.000 --> 00:02.000\n\n00:03.000 --> 00:04.000\nTwo\n",
		"many blank lines":     "WEBVTT\n\n\n\n00:01.000 --> 00:02.000\nOne\n\n\n",
		"unicode text":         "WEBVTT\n\n00:01.000 --> 00:02.000\nこんにちは 👋\n",
		"region then cue text": "WEBVTT\n\nREGION\nid:fred width:40%\n\n00:01.000 --> 00:02.000 region:fred\nOne\n",
	}
	for name, file := range tests {
		t.Run(name, func(t *testing.T) {
			assert.NoError(t, webvtt.Validate([]byte(file)))
		})
	}
}

func TestValidateRefusesWhatIsNotWebVTT(t *testing.T) {
	timingShape := "cue timings must look like 00:01.000 --> 00:04.000"
	tests := []struct {
		name string
		file string
		want string
	}{
		{"empty", "", `it does not start with "WEBVTT"`},
		{"SubRip", "1\n00:00:01,000 --> 00:00:04,000\nHello\n", `it does not start with "WEBVTT"`},
		{"lowercase signature", "webvtt\n\n00:01.000 --> 00:04.000\nx\n", `it does not start with "WEBVTT"`},
		{"signature run on", "WEBVTTX\n\n00:01.000 --> 00:04.000\nx\n", `it does not start with "WEBVTT"`},
		{"leading blank line", "\nWEBVTT\n\n00:01.000 --> 00:04.000\nx\n", `it does not start with "WEBVTT"`},
		{"not UTF-8", "WEBVTT\n\n00:01.000 --> 00:04.000\n\xff\xfe\n", "it is not UTF-8 text"},
		{"NUL", "WEBVTT\n\n00:01.000 --> 00:04.000\nx\x00\n", "it contains NUL bytes"},
		{"a PNG", "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "it is not UTF-8 text"},
		{"no cues", "WEBVTT\n\nNOTE only a note\n", "it holds no cue"},
		{"signature only", "WEBVTT", "it holds no cue"},
		{"commas (SubRip times)", "WEBVTT\n\n00:00:01,000 --> 00:00:04,000\nx\n", "line 3: " + timingShape},
		{"no milliseconds", "WEBVTT\n\n00:01 --> 00:04\nx\n", "line 3: " + timingShape},
		{"one-digit minutes", "WEBVTT\n\n0:01.000 --> 0:04.000\nx\n", "line 3: " + timingShape},
		{"two-digit milliseconds", "WEBVTT\n\n00:01.00 --> 00:04.000\nx\n", "line 3: " + timingShape},
		{"no end", "WEBVTT\n\n00:01.000 -->\nx\n", "line 3: " + timingShape},
		{"setting glued to end", "WEBVTT\n\n00:01.000 --> 00:04.000align:start\nx\n", "line 3: " + timingShape},
		{"seconds over 59", "WEBVTT\n\n00:01.000 --> 00:60.000\nx\n", "line 3: cue timings must have minutes and seconds from 00 to 59"},
		{"minutes over 59", "WEBVTT\n\n01:60:00.000 --> 02:00:00.000\nx\n", "line 3: cue timings must have minutes and seconds from 00 to 59"},
		{"ends before it starts", "WEBVTT\n\n00:04.000 --> 00:01.000\nx\n", "line 3: a cue must end after it starts"},
		{"ends when it starts", "WEBVTT\n\n00:04.000 --> 00:04.000\nx\n", "line 3: a cue must end after it starts"},
		{"bad second cue", "WEBVTT\n\n00:01.000 --> 00:02.000\nOne\n\nid\n00:03 --> 00:04.000\nTwo\n", "line 7: " + timingShape},
		{"text cut by a blank line", "WEBVTT\n\n00:01.000 --> 00:02.000\nOne\n\nstray text\n", "line 6: is not part of a cue"},
		{"plain text after signature", "WEBVTT is great\n\nThis is a letter.\n", "line 3: is not part of a cue"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := webvtt.Validate([]byte(tt.file))
			require.Error(t, err)
			assert.True(t, strings.HasPrefix(err.Error(), tt.want), "%q should start with %q", err.Error(), tt.want)
		})
	}
}
