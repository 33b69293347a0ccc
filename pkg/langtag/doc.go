// Package langtag checks language tags with golang.org/x/text/language:
// Canonical takes any BCP 47 tag of a known language (caption tracks, a
// Player's track) and returns its canonical spelling; Parse takes the
// language of a transcribe request, a tag with an explicit region (en-US),
// and matches it against the tags an installed speech engine serves.
package langtag
