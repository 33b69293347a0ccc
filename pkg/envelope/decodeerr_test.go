package envelope

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestCleanInvalid(t *testing.T) {
	cases := []struct{ raw, want string }{
		{`proto: (line 1:14): unknown field "foo"`, `unknown field "foo"`},
		// protobuf randomly writes a no-break space after "proto:".
		{"proto:\u00a0(line 1:14): unknown field \"foo\"", `unknown field "foo"`},
		{"proto:\u00a0syntax error (line 1:1): unexpected token [", `unexpected value [ in request body`},
		{`proto: (line 1:20): duplicate field "name"`, `duplicate field "name"`},
		{`proto: (line 1:9): invalid value for string field name: 5`, `invalid value for name`},
		{`proto: (line 1:12): invalid value for bool field showName: "yes"`, `invalid value for show_name`},
		{`proto: syntax error (line 1:1): unexpected token [`, `unexpected value [ in request body`},
		{`proto: syntax error (line 1:9): invalid value x`, `malformed JSON`},
		{`invalid character 'a' looking for beginning of value`, `malformed JSON`},
		{`unexpected EOF`, `malformed JSON`},
		{`json: cannot unmarshal array into Go value of type map[string]*json.RawMessage`, `malformed JSON`},
		{`parsing field "limit": strconv.ParseInt: parsing "abc": invalid syntax`, `invalid value for limit`},
		{`parsing list "tags": strconv.ParseBool: parsing "x": invalid syntax`, `invalid value for tags`},
		{`too many values for field "limit": 1, 2`, `limit must be given once`},
		// A service's own validation messages pass through untouched.
		{`name must be 1-50 characters`, `name must be 1-50 characters`},
		{`limit must be an integer from 1 to 25`, `limit must be an integer from 1 to 25`},
	}
	for _, tc := range cases {
		t.Run(tc.raw, func(t *testing.T) {
			assert.Equal(t, tc.want, CleanInvalid(tc.raw))
		})
	}
}
