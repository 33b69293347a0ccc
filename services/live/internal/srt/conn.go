//go:build cgo && !nosrt

package srt

/*
#include "vidhost_srt.h"
*/
import "C"

import (
	"io"
	"net"
	"sync"
	"time"
	"unsafe"
)

// maxMessage is the largest payload of one SRT live-mode message
// (SRTO_PAYLOADSIZE may go up to 1456; MPEG-TS senders use 1316).
const maxMessage = 1500

// payloadSize is what Write puts in one message: seven MPEG-TS packets,
// libsrt's default SRTO_PAYLOADSIZE in live mode.
const payloadSize = 1316

// maxStreamID is the longest SRTO_STREAMID libsrt takes.
const maxStreamID = 512

// Conn is one SRT connection. Read and Write may each be used by one
// goroutine; Close may be called from any, and ends a blocked Read.
type Conn struct {
	sock     socket
	peer     net.Addr
	streamID string
	buf      []byte // a message received but not all read yet
	msg      [maxMessage]byte
	once     sync.Once
}

func newConn(s socket, peer net.Addr) *Conn {
	c := &Conn{sock: s, peer: peer}
	c.streamID = c.readStreamID()
	return c
}

func (c *Conn) readStreamID() string {
	var buf [maxStreamID]C.char
	n := C.vidhost_streamid(c.sock, &buf[0], C.int(len(buf)))
	if n <= 0 {
		return ""
	}
	return C.GoStringN(&buf[0], n)
}

// Socket is the connection's libsrt id (Handshake.Socket in the hook).
func (c *Conn) Socket() int32 { return int32(c.sock) }

// StreamID is the caller's SRTO_STREAMID.
func (c *Conn) StreamID() string { return c.streamID }

// RemoteAddr is the caller's address.
func (c *Conn) RemoteAddr() net.Addr { return c.peer }

// SetReadTimeout makes a Read that waits longer than d fail with an
// *Error whose Timeout is true (SRTO_RCVTIMEO); 0 waits for ever.
func (c *Conn) SetReadTimeout(d time.Duration) error {
	ms := -1
	if d > 0 {
		ms = max(1, int(d/time.Millisecond))
	}
	return setInt(c.sock, C.SRTO_RCVTIMEO, ms, "read timeout")
}

// Read reads the connection's payload as a byte stream: a message larger
// than p is handed over in pieces. It returns io.EOF once the peer closed
// or the connection was lost or closed.
func (c *Conn) Read(p []byte) (int, error) {
	if len(c.buf) == 0 {
		var code C.int
		n := C.vidhost_recv(c.sock, (*C.char)(unsafe.Pointer(&c.msg[0])), C.int(len(c.msg)), &code)
		if n < 0 {
			err := &Error{Op: "read", Code: int(code)}
			if err.Timeout() {
				return 0, err
			}
			return 0, io.EOF
		}
		c.buf = c.msg[:n]
	}
	n := copy(p, c.buf)
	c.buf = c.buf[n:]
	return n, nil
}

// Write sends p as messages of at most 1316 bytes (seven MPEG-TS packets,
// libsrt's default payload size in live mode).
func (c *Conn) Write(p []byte) (int, error) {
	written := 0
	for len(p) > 0 {
		chunk := p[:min(len(p), payloadSize)]
		var code C.int
		if C.vidhost_send(c.sock, (*C.char)(unsafe.Pointer(&chunk[0])), C.int(len(chunk)), &code) < 0 {
			return written, &Error{Op: "write", Code: int(code)}
		}
		written += len(chunk)
		p = p[len(chunk):]
	}
	return written, nil
}

// Close closes the connection once; a blocked Read returns io.EOF.
func (c *Conn) Close() error {
	c.once.Do(func() { C.srt_close(c.sock) })
	return nil
}

// Dial connects to an SRT listener at addr in caller mode with streamID.
// A listener's refusal is a *RejectError with its code.
func Dial(addr, streamID string, opts Options) (*Conn, error) {
	ip, port, err := hostPort(addr)
	if err != nil {
		return nil, err
	}
	defer freeText(ip)
	s, err := newSocket(opts)
	if err != nil {
		return nil, err
	}
	id := C.CString(streamID)
	defer freeText(id)
	var code, reject C.int
	if C.vidhost_setstring(s, C.SRTO_STREAMID, id, &code) < 0 {
		C.srt_close(s)
		return nil, &Error{Op: "streamid", Code: int(code)}
	}
	if C.vidhost_connect(s, ip, port, &code, &reject) < 0 {
		C.srt_close(s)
		if code == C.SRT_ECONNREJ {
			return nil, &RejectError{Code: RejectCode(reject)}
		}
		return nil, &Error{Op: "connect", Code: int(code)}
	}
	c := &Conn{sock: s, streamID: streamID}
	c.peer, _ = net.ResolveUDPAddr("udp", addr)
	return c, nil
}
