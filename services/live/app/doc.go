// Package app wires the live service: configuration, start-up and
// shutdown. The service accepts RTMP, SRT and WHIP (WebRTC) publishers, checks their stream keys
// with the catalog over gRPC (signed as the caller "live", allowed one
// method: AuthorizePublish), pipes each stream through ffmpeg into live
// CMAF HLS in the blob store (served by the edge at /media like any other
// media), packages the source as low-latency HLS in memory, served to the
// edge alone on an internal HTTP port (origin.go), and reports
// live.started and live.ended on NATS (docs/live.md).
//
// Why a separate service and not the transcode workers: a live run holds a
// TCP connection and an ffmpeg process for as long as the event lasts, on a
// fixed public port, while transcode workers pull short jobs from a queue
// and may run anywhere; scaling, ports and failure handling differ.
//
// The RTMP library is github.com/bluenviron/gortmplib (the RTMP code of
// MediaMTX, maintained, MIT): it does the handshake, the chunk stream and
// FLV/Enhanced-RTMP track parsing and hands over typed H.264 and AAC
// access units, which pipeline.TSWriter remuxes into MPEG-TS for ffmpeg's
// stdin with mediacommon's muxer (same authors). github.com/yutopp/go-rtmp
// is not served by the Go module proxy this project builds with; neither
// are the Go SRT libraries (github.com/datarhei/gosrt,
// github.com/haivision/srtgo), so SRT goes through Haivision's libsrt, the
// reference implementation, bound with cgo (internal/srt); a build without
// cgo serves RTMP only. WHIP's WebRTC is github.com/pion/webrtc (pure Go,
// MIT, the WebRTC stack MediaMTX and LiveKit build on): ICE on one UDP
// port, DTLS-SRTP, NACK and congestion feedback, RTP depacketizing
// (internal/whip).
package app
