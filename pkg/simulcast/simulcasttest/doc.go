// Package simulcasttest is a platform's RTMP ingest for tests of restreams:
// ffmpeg listening for one publisher and recording what it is sent, the
// receiver issue 31 names (ffmpeg -listen 1). Tests only: it imports
// testing.
package simulcasttest
