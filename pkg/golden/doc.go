// Package golden compares generated text, such as an ffmpeg argument list,
// with a committed file under testdata/, so a change to what a program
// would run shows up as a reviewable diff (as owncast tests its ffmpeg
// arguments). `go test -run Golden -update` rewrites the files after a
// deliberate change.
package golden
