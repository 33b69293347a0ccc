// Package ids makes the identifiers of Vidhost's resources: 21 characters from
// a URL-safe alphabet, drawn from crypto/rand so they cannot be guessed.
package ids
