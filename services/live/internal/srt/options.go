package srt

import (
	"net"
	"time"
)

// Options are the socket options the live service sets.
type Options struct {
	// Latency is SRTO_LATENCY: how long the receiver buffers packets to
	// retransmit lost ones before handing them over. The larger of the two
	// ends' values wins. 0 keeps libsrt's default (120 ms).
	Latency time.Duration
	// ConnectTimeout is SRTO_CONNTIMEO for Dial (libsrt's default 3 s).
	ConnectTimeout time.Duration
}

// Handshake is a connection the listener is deciding on.
type Handshake struct {
	// Socket is the id the connection has once accepted (Conn.Socket).
	Socket int32
	// StreamID is the caller's SRTO_STREAMID, as sent.
	StreamID string
	Peer     net.Addr
}

// Hook decides on a connection during its handshake; anything but Accept
// refuses it with that code. It runs on libsrt's receiving thread for the
// port, which it holds while it runs: it must answer quickly.
type Hook func(Handshake) RejectCode
