// Package srt binds Haivision's libsrt, the reference implementation of the
// Secure Reliable Transport protocol, through cgo: a listener that takes
// caller-mode publishers on a UDP port and hands over each connection's
// payload (MPEG-TS in live mode), and a caller (Dial) for tests.
//
// Why cgo and libsrt: the Go SRT libraries (github.com/datarhei/gosrt,
// github.com/haivision/srtgo) are not served by the Go module proxy this
// project builds with, and libsrt is what ffmpeg, OBS, vMix and the
// hardware encoders speak: the same code on both ends of the handshake.
// Debian 12 ships it (libsrt1.5-openssl; libsrt-openssl-dev to build).
//
// The listener decides on a connection during the handshake, in libsrt's
// listen callback (srt_listen_callback): a Hook returning a RejectCode
// refuses it there, and the caller reads that code with
// srt_getrejectreason (ffmpeg prints "Connection setup failure: connection
// rejected"). Codes from 1000 are the SRT access-control codes (1403
// forbidden, 1409 conflict, ...): see reject.go.
//
// The cgo code is built only with cgo and without the "nosrt" build tag;
// otherwise Available is false and Listen and Dial return ErrDisabled, so
// CGO_ENABLED=0 builds (the static images' builder) still compile.
package srt
