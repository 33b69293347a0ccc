package filter

import (
	"errors"
	"testing"
	"unicode/utf8"
)

// FuzzParse checks that Parse never panics, keeps its bounds, and that
// what it accepts reads back the same from String. Without -fuzz it runs
// the seeds below as a normal unit test.
func FuzzParse(f *testing.F) {
	for _, seed := range []string{
		"", "country==US", "country==US,country==CA;domain=@example", `name==a\,b\;c\\d`,
		"name===x", "a>=1;b<=2;c>3;d<4;e!=5;f!@6", "a==", ",", ";", `\`, "a==1,", "é==1",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		got, err := Parse(text)
		if err != nil {
			var perr *Error
			if !errors.As(err, &perr) {
				t.Fatalf("Parse(%q): error %T is not *Error", text, err)
			}
			return
		}
		if len(text) > MaxTextLength || !utf8.ValidString(text) || got.Len() > MaxConditions {
			t.Fatalf("Parse(%q) accepted text beyond its bounds", text)
		}
		again, err := Parse(got.String())
		if err != nil {
			t.Fatalf("Parse(String()) of %q: %v", text, err)
		}
		if again.String() != got.String() {
			t.Fatalf("round trip of %q: %q then %q", text, got.String(), again.String())
		}
		got.Match(video) // evaluating any parsed filter is safe
	})
}
