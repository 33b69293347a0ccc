// Package ingest is the live service's ingest server. It authenticates
// each publisher by its stream key with the catalog (RTMP: the URL,
// rtmp://host/live/<key>; SRT: the streamid, checked during the SRT
// handshake; WHIP: the bearer token of the offer, whip.go), allows one
// publisher per event, and runs the pipeline for the stream until the
// publisher stops, stalls or sends what cannot be read. After admission the
// protocols are one path: a source (source.go) hands H.264 and AAC access
// units to the same remuxer, pipeline, LL-HLS packager (lowlatency.go), key
// recheck, bitrate limit and reconnect window. A refusal reaches an RTMP
// publisher as an onStatus error (ffmpeg and OBS log its description) and
// an SRT one as a reject code during the handshake (srt.go), a WHIP one
// as the HTTP status of its kind (whip.go).
package ingest
