// Package langtag checks the language of a transcribe request: a BCP 47 tag
// with an explicit region (en-US), parsed with golang.org/x/text/language and
// matched against the tags an installed speech engine serves.
package langtag
