//go:build cgo && !nosrt

package srt

/*
#include <stdint.h>
#include <srt/srt.h>
*/
import "C"

import "sync"

// listeners finds a listener by the number its callback carries. A
// listener leaves it when it closes; a callback still arriving for it
// then refuses the connection.
var listeners = struct {
	sync.Mutex
	next uintptr
	byID map[uintptr]*Listener
}{byID: map[uintptr]*Listener{}}

func register(l *Listener) uintptr {
	listeners.Lock()
	defer listeners.Unlock()
	listeners.next++
	listeners.byID[listeners.next] = l
	return listeners.next
}

func unregister(id uintptr) {
	listeners.Lock()
	defer listeners.Unlock()
	delete(listeners.byID, id)
}

func lookup(id uintptr) *Listener {
	listeners.Lock()
	defer listeners.Unlock()
	return listeners.byID[id]
}

// vidhostSRTListen is libsrt's listen callback (through
// vidhost_listen_hook): it runs the listener's Hook and, on a refusal,
// sets the reason the caller receives.
//
//export vidhostSRTListen
func vidhostSRTListen(id C.uintptr_t, ns C.SRTSOCKET, peer *C.struct_sockaddr, streamID *C.char) C.int {
	l := lookup(uintptr(id))
	code := RejectUnavailable
	if l != nil {
		code = l.decide(Handshake{Socket: int32(ns), StreamID: C.GoString(streamID), Peer: peerAddr(peer)})
	}
	if code == Accept {
		return 0
	}
	C.srt_setrejectreason(ns, C.int(code))
	return -1
}
