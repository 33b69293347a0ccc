package filter

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestParse(t *testing.T) {
	c := func(field string, op Operator, value string) Condition { return Condition{field, op, value} }
	tests := []struct {
		text string
		want [][]Condition
	}{
		{"", nil},
		{"country==US", [][]Condition{{c("country", Equal, "US")}}},
		// OR binds tighter than AND.
		{"country==US,country==CA;domain=@example", [][]Condition{
			{c("country", Equal, "US"), c("country", Equal, "CA")},
			{c("domain", Contains, "example")},
		}},
		{"views>=10;views<=20;views>1;views<30", [][]Condition{
			{c("views", GreaterOrEqual, "10")}, {c("views", LessOrEqual, "20")}, {c("views", Greater, "1")}, {c("views", Less, "30")},
		}},
		{"domain!@ads;video_id!=abc", [][]Condition{{c("domain", NotContains, "ads")}, {c("video_id", NotEqual, "abc")}}},
		{`name==a\,b\;c\\d`, [][]Condition{{c("name", Equal, `a,b;c\d`)}}},
		{"name==", [][]Condition{{c("name", Equal, "")}}},
		{"name===x", [][]Condition{{c("name", Equal, "=x")}}},
		{"name==été 2024", [][]Condition{{c("name", Equal, "été 2024")}}},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			got, err := Parse(tt.text)
			require.NoError(t, err)
			assert.Equal(t, Filter{Groups: tt.want}, got)
			again, err := Parse(got.String())
			require.NoError(t, err)
			assert.Equal(t, got, again, "String reads back")
		})
	}
}

func TestParseRefuses(t *testing.T) {
	tests := []struct {
		text, want string
	}{
		{"Country==US", "field must start with a lowercase letter (at byte 1)"},
		{"==US", "field must start with a lowercase letter (at byte 1)"},
		{"country~US", "operator must be one of == != >= <= =@ !@ > < (at byte 8)"},
		{"country = US", "operator must be one of == != >= <= =@ !@ > < (at byte 8)"},
		{"country==US,", "field must start with a lowercase letter (at byte 13)"},
		{"country==US;;x==1", "field must start with a lowercase letter (at byte 13)"},
		{`name==a\b`, `value may escape only , ; and \ with \ (at byte 8)`},
		{`name==a\`, `value may escape only , ; and \ with \ (at byte 8)`},
		{strings.Repeat("a", 41) + "==1", "field must be at most 40 characters (at byte 1)"},
		{strings.Repeat("a==1;", 20) + "a==1", "filter must hold at most 20 conditions (at byte 101)"},
		{"name==" + strings.Repeat("x", 995), "filter must be at most 1000 bytes"},
		{"name==\xff", "filter must be UTF-8 text"},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			_, err := Parse(tt.text)
			var perr *Error
			require.ErrorAs(t, err, &perr)
			assert.EqualError(t, err, tt.want)
		})
	}
}

func TestParsedFilterMatches(t *testing.T) {
	tests := []struct {
		text string
		want bool
	}{
		{"tags==launch,tags==news;duration>90", true},
		{"tags==news,privacy==private;duration>90", false},
		{"name=@keynote;privacy!=private;spherical==false", true},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			f, err := Parse(tt.text)
			require.NoError(t, err)
			assert.Equal(t, tt.want, f.Match(video))
		})
	}
}
