//go:build cgo && !nosrt

package srt

/*
#include <stdint.h>
#include "vidhost_srt.h"
*/
import "C"

import (
	"net"
	"sync"
	"sync/atomic"
)

// Listener takes caller-mode connections on a UDP port.
type Listener struct {
	sock     socket
	id       uintptr // in the callback registry
	hook     atomic.Pointer[Hook]
	addr     net.Addr
	isClosed atomic.Bool
	once     sync.Once
}

// Listen opens a listener on addr ("host:port"; port 0 picks a free one).
// hook decides on each connection during its handshake; until one is set
// (here or with SetHook) every connection is refused as unavailable.
func Listen(addr string, opts Options, hook Hook) (*Listener, error) {
	ip, port, err := hostPort(addr)
	if err != nil {
		return nil, err
	}
	defer freeText(ip)
	s, err := newSocket(opts)
	if err != nil {
		return nil, err
	}
	l := &Listener{sock: s}
	l.SetHook(hook)
	l.id = register(l)
	var code C.int
	if C.vidhost_listen(s, ip, port, C.uintptr_t(l.id), &code) < 0 {
		_ = l.Close()
		return nil, &Error{Op: "listen", Code: int(code)}
	}
	l.addr = &net.UDPAddr{IP: net.ParseIP(C.GoString(ip)), Port: int(C.vidhost_local_port(s))}
	return l, nil
}

// Addr is where the listener listens (its actual port when 0 was asked).
func (l *Listener) Addr() net.Addr { return l.addr }

// SetHook sets what decides on the connections from now on: a listener
// opened before its server is ready (on a port known in advance) refuses
// connections until then.
func (l *Listener) SetHook(hook Hook) {
	if hook != nil {
		l.hook.Store(&hook)
	}
}

// decide runs the hook for the callback.
func (l *Listener) decide(h Handshake) RejectCode {
	hook := l.hook.Load()
	if hook == nil {
		return RejectUnavailable
	}
	return (*hook)(h)
}

// Accept waits for the next connection the hook accepted. After Close it
// returns ErrClosed.
func (l *Listener) Accept() (*Conn, error) {
	ip := addrText()
	defer freeText(ip)
	var port, code C.int
	s := C.vidhost_accept(l.sock, ip, C.INET6_ADDRSTRLEN, &port, &code)
	if s == invalidSocket {
		if l.isClosed.Load() {
			return nil, ErrClosed
		}
		return nil, &Error{Op: "accept", Code: int(code)}
	}
	return newConn(s, addrOf(ip, port)), nil
}

// Close stops listening; a blocked Accept returns ErrClosed. Connections
// already accepted stay open.
func (l *Listener) Close() error {
	l.once.Do(func() {
		l.isClosed.Store(true)
		unregister(l.id)
		C.srt_close(l.sock)
	})
	return nil
}
