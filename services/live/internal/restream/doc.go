// Package restream sends a live event's stream, as it arrives, to the
// RTMP(S) ingest of other platforms (simulcast: YouTube, Twitch, a
// customer's own server), without re-encoding: the publisher's H.264 and
// AAC access units are remuxed to FLV and written to each output.
//
// Each output is a goroutine of its own behind a bounded queue, so a slow
// or dead output never slows the ingest or the other outputs: when its
// queue is full the units it cannot take are dropped and it starts again
// at the next keyframe, which is also where every connection starts (a
// decoder needs one). A connection is an ffmpeg (-c copy to FLV) fed the
// units as MPEG-TS on a pipe with write deadlines: ffmpeg's RTMP client is
// the one every platform is tested against (gortmplib's, which the ingest
// server uses, cannot publish to ffmpeg's own RTMP server: it refuses the
// one-value onFCPublish that server sends). ffmpeg does not dial out
// itself: it publishes to a relay on a loopback port (relay.go), which
// dials the server through netguard, so an output pointing at a private
// address is refused before a packet leaves (the same rule as hooks), and
// does the TLS of rtmps:// with crypto/tls. A failed output reports why
// (State Failed) and reconnects with a doubling backoff.
//
// The stream key is on ffmpeg's command line (-rtmp_playpath), which
// /proc shows to the processes of the live service's PID namespace (its
// container); it is never logged or put in a status.
package restream
