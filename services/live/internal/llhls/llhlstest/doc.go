// Package llhlstest is a publisher's stream for tests of the LL-HLS
// packager: a short H.264 and AAC clip (embedded) looped for as long as a
// test needs, handed over access unit by access unit as the ingest does,
// at once or at the pace of a live publisher. Tests only: it imports
// testing.
package llhlstest
