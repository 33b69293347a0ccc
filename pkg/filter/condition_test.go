package filter

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

var video = Record{
	"name":       String("Launch Keynote"),
	"privacy":    String("public"),
	"duration":   Number(95.5),
	"tags":       Strings("launch", "keynote"),
	"categories": Strings(),
	"spherical":  Bool(false),
}

func TestConditionMatch(t *testing.T) {
	tests := []struct {
		condition Condition
		want      bool
	}{
		{Condition{"name", Equal, "Launch Keynote"}, true},
		{Condition{"name", Equal, "launch keynote"}, false}, // == is exact
		{Condition{"name", NotEqual, "Other"}, true},
		{Condition{"name", Contains, "KEYNOTE"}, true}, // =@ ignores case
		{Condition{"name", NotContains, "keynote"}, false},
		{Condition{"name", Greater, "A"}, true}, // byte order
		{Condition{"privacy", LessOrEqual, "public"}, true},
		{Condition{"duration", Greater, "90"}, true},
		{Condition{"duration", Less, "90"}, false},
		{Condition{"duration", GreaterOrEqual, "95.5"}, true},
		{Condition{"duration", LessOrEqual, " 95.5 "}, true},
		{Condition{"duration", Equal, "95.50"}, true}, // numbers compare as numbers
		{Condition{"duration", Equal, "ninety"}, false},
		{Condition{"duration", NotEqual, "ninety"}, true},
		{Condition{"tags", Equal, "launch"}, true},
		{Condition{"tags", Equal, "laun"}, false},
		{Condition{"tags", Contains, "LAUN"}, true},
		{Condition{"tags", NotEqual, "launch"}, false},
		{Condition{"tags", NotContains, "x"}, true},
		{Condition{"tags", Greater, "a"}, false},
		{Condition{"categories", Equal, "news"}, false},
		{Condition{"categories", NotEqual, "news"}, true},
		{Condition{"spherical", Equal, "false"}, true},
		{Condition{"spherical", NotEqual, "false"}, false},
		{Condition{"spherical", Greater, "a"}, false},
		// A field the record lacks satisfies only the negative operators.
		{Condition{"folder", Equal, ""}, false},
		{Condition{"folder", NotEqual, "f1"}, true},
		{Condition{"folder", NotContains, "f"}, true},
		{Condition{"folder", Contains, ""}, false},
	}
	for _, tt := range tests {
		t.Run(tt.condition.String(), func(t *testing.T) {
			assert.Equal(t, tt.want, tt.condition.Match(video))
		})
	}
}

var schema = Schema{"name": KindString, "duration": KindNumber, "tags": KindStrings, "spherical": KindBool}

func TestConditionCheck(t *testing.T) {
	tests := []struct {
		condition Condition
		want      string
	}{
		{Condition{"name", Contains, "x"}, ""},
		{Condition{"duration", GreaterOrEqual, "-1.5e2"}, ""},
		{Condition{"tags", NotContains, ""}, ""},
		{Condition{"spherical", Equal, "true"}, ""},
		{Condition{"title", Equal, "x"}, "field must be one of duration, name, spherical, tags"},
		{Condition{"name", "~=", "x"}, "operator must be one of == != >= <= =@ !@ > <"},
		{Condition{"duration", Contains, "1"}, "operator =@ and !@ apply to text, not to numbers"},
		{Condition{"duration", Equal, "NaN"}, "value must be a number for duration"},
		{Condition{"duration", Equal, "1e999"}, "value must be a number for duration"},
		{Condition{"tags", Less, "a"}, "operator must be ==, !=, =@ or !@ for a list"},
		{Condition{"spherical", Contains, "t"}, "operator must be == or != for a boolean"},
		{Condition{"spherical", Equal, "yes"}, "value must be true or false for spherical"},
	}
	for _, tt := range tests {
		t.Run(tt.condition.String(), func(t *testing.T) {
			err := tt.condition.Check(schema)
			if tt.want == "" {
				assert.NoError(t, err)
				return
			}
			assert.EqualError(t, err, tt.want)
		})
	}
}

func TestOfJoinsWithLogic(t *testing.T) {
	launch := Condition{"tags", Equal, "launch"}
	long := Condition{"duration", Greater, "600"}
	assert.False(t, Of([]Condition{launch, long}, And).Match(video))
	assert.True(t, Of([]Condition{launch, long}, Or).Match(video))
	assert.True(t, Of(nil, And).Match(video), "no conditions: every record")
	assert.True(t, Of([]Condition{launch}, Or).Match(video))
	assert.Equal(t, "tags==launch;duration>600", Of([]Condition{launch, long}, And).String())
	assert.Equal(t, "tags==launch,duration>600", Of([]Condition{launch, long}, Or).String())
}
