//go:build !cgo || nosrt

package srt

import (
	"net"
	"time"
)

// Available reports whether this build can serve SRT: not this one (built
// without cgo or with the nosrt tag).
const Available = false

// Listener is a listener this build cannot open.
type Listener struct{}

// Listen returns ErrDisabled.
func Listen(string, Options, Hook) (*Listener, error) { return nil, ErrDisabled }

// SetHook does nothing.
func (*Listener) SetHook(Hook) {}

// Addr is nil.
func (*Listener) Addr() net.Addr { return nil }

// Accept returns ErrClosed.
func (*Listener) Accept() (*Conn, error) { return nil, ErrClosed }

// Close does nothing.
func (*Listener) Close() error { return nil }

// Conn is a connection this build cannot make.
type Conn struct{}

// Dial returns ErrDisabled.
func Dial(string, string, Options) (*Conn, error) { return nil, ErrDisabled }

// Socket is 0.
func (*Conn) Socket() int32 { return 0 }

// StreamID is empty.
func (*Conn) StreamID() string { return "" }

// RemoteAddr is nil.
func (*Conn) RemoteAddr() net.Addr { return nil }

// SetReadTimeout returns ErrDisabled.
func (*Conn) SetReadTimeout(time.Duration) error { return ErrDisabled }

// Read returns ErrDisabled.
func (*Conn) Read([]byte) (int, error) { return 0, ErrDisabled }

// Write returns ErrDisabled.
func (*Conn) Write([]byte) (int, error) { return 0, ErrDisabled }

// Close does nothing.
func (*Conn) Close() error { return nil }
