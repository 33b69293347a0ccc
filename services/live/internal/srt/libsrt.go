//go:build cgo && !nosrt

package srt

/*
#cgo LDFLAGS: -lsrt
#include <stdlib.h>
#include "vidhost_srt.h"
*/
import "C"

import (
	"fmt"
	"net"
	"sync"
	"time"
	"unsafe"
)

// Available reports whether this build can serve SRT.
const Available = true

// startup initialises libsrt once per process. It is never cleaned up:
// listeners may be opened again until the process exits.
var startup = sync.OnceValue(func() error {
	if C.srt_startup() < 0 {
		return fmt.Errorf("srt: startup failed")
	}
	// libsrt logs to stderr, outside the service's structured log; its
	// errors are the calls' results, which the callers log (an Accept
	// after Close, say, is an "error" to it). Only critical lines pass.
	C.srt_setloglevel(C.int(2)) // LOG_CRIT
	return nil
})

// Error is a failed libsrt call: Code is its SRT_E* error code.
type Error struct {
	Op   string
	Code int
}

func (e *Error) Error() string {
	return fmt.Sprintf("srt: %s: %s (%d)", e.Op, C.GoString(C.srt_strerror(C.int(e.Code), 0)), e.Code)
}

// Timeout reports whether the call gave up waiting (SRTO_RCVTIMEO), which
// makes *Error a net.Error.
func (e *Error) Timeout() bool {
	return e.Code == int(C.SRT_EASYNCRCV) || e.Code == int(C.SRT_ETIMEOUT)
}

// Temporary is net.Error's deprecated method; nothing here is.
func (e *Error) Temporary() bool { return false }

// socket is one libsrt socket id.
type socket = C.SRTSOCKET

// invalidSocket is SRT_INVALID_SOCK, a C constant cgo reads as a variable.
const invalidSocket socket = -1

func newSocket(opts Options) (socket, error) {
	if err := startup(); err != nil {
		return 0, err
	}
	var code C.int
	s := C.vidhost_socket(&code)
	if s == invalidSocket {
		return 0, &Error{Op: "socket", Code: int(code)}
	}
	if err := opts.apply(s); err != nil {
		C.srt_close(s)
		return 0, err
	}
	return s, nil
}

// apply sets the options on a socket before it connects or listens;
// a listener's accepted sockets inherit them.
func (o Options) apply(s socket) error {
	var code C.int
	if o.Latency > 0 {
		if C.vidhost_setint(s, C.SRTO_LATENCY, C.int(o.Latency/time.Millisecond), &code) < 0 {
			return &Error{Op: "latency", Code: int(code)}
		}
	}
	if o.ConnectTimeout > 0 {
		if C.vidhost_setint(s, C.SRTO_CONNTIMEO, C.int(o.ConnectTimeout/time.Millisecond), &code) < 0 {
			return &Error{Op: "connect timeout", Code: int(code)}
		}
	}
	return nil
}

// setInt sets an integer socket option.
func setInt(s socket, opt C.SRT_SOCKOPT, value int, op string) error {
	var code C.int
	if C.vidhost_setint(s, opt, C.int(value), &code) < 0 {
		return &Error{Op: op, Code: int(code)}
	}
	return nil
}

// hostPort resolves addr ("host:port"; an empty host is every IPv4
// address) into an IP text and a port for the C side.
func hostPort(addr string) (*C.char, C.int, error) {
	u, err := net.ResolveUDPAddr("udp", addr)
	if err != nil {
		return nil, 0, fmt.Errorf("srt: %w", err)
	}
	ip := "0.0.0.0"
	if u.IP != nil {
		ip = u.IP.String()
	}
	return C.CString(ip), C.int(u.Port), nil
}

// addrOf turns an address read by the C side into a net.Addr.
func addrOf(ip *C.char, port C.int) net.Addr {
	if port < 0 {
		return nil
	}
	return &net.UDPAddr{IP: net.ParseIP(C.GoString(ip)), Port: int(port)}
}

// peerAddr reads a connection's peer address.
func peerAddr(sa *C.struct_sockaddr) net.Addr {
	ip := addrText()
	defer freeText(ip)
	return addrOf(ip, C.vidhost_addr(sa, ip, C.INET6_ADDRSTRLEN))
}

// addrText is where the C side writes an address.
func addrText() *C.char { return (*C.char)(C.calloc(C.INET6_ADDRSTRLEN, 1)) }

func freeText(p *C.char) { C.free(unsafe.Pointer(p)) }
