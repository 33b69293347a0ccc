// Package ids makes the identifiers of Vidhost's resources: 21 characters from
// a URL-safe alphabet, drawn from crypto/rand so they cannot be guessed
// (New), or, for the few facts several processes must name alike, derived
// from what names them (Derive).
package ids
