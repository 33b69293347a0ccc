// Package transcodetest holds what the worker and app tests share: a
// recorder of the reports a worker publishes to the MEDIA stream, a blob
// store served over HTTP so ffprobe can read outputs the way a player
// would, and helpers to make jobs and upload their sources.
package transcodetest
