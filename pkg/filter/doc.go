// Package filter is the one filter grammar of Vidhost: conditions
// <field><operator><value> over the typed fields of a record, shared by
// hooks (which send conditions as a structured list) and analytics (which
// sends them as text in the filter query parameter).
//
// Operators: == equals, != does not equal, > < >= <= compare, =@ contains,
// !@ does not contain. What each means depends on the field's Kind (see
// Condition.Match); a Schema says which fields exist and refuses operators
// and values a field cannot take.
//
// The text form, as the interface gives it, joins conditions with ";" (AND)
// and alternatives with "," (OR); as in the Google Analytics filter syntax it
// follows, OR binds tighter, so "a==1,a==2;b==3" is (a==1 OR a==2) AND b==3:
//
//	filter    = group *( ";" group )
//	group     = condition *( "," condition )
//	condition = field operator value
//	field     = lower *( lower / digit / "_" )          ; at most MaxFieldLength
//	operator  = "==" / "!=" / ">=" / "<=" / "=@" / "!@" / ">" / "<"
//	value     = *( char / "\" escaped )                  ; may be empty
//	char      = any character but "," ";" "\"
//	escaped   = "," / ";" / "\"
//
// Text is at most MaxTextLength bytes of valid UTF-8 and holds at most
// MaxConditions conditions, so a request cannot make evaluation expensive.
package filter
