package drill

import (
	"io"
	"net"
	"sync"
	"sync/atomic"
	"time"
)

// balancer is a TCP round-robin balancer in front of a service's replicas:
// what a Kubernetes Service (kube-proxy, layer 4) is to the pods behind it.
// A connection goes to the next replica that accepts one; gRPC keeps it
// open, so a client stays on one replica until that replica dies and its
// connection breaks.
type balancer struct {
	lis      net.Listener
	backends []string
	next     atomic.Uint64
	wg       sync.WaitGroup
}

func startBalancer(backends []string) (*balancer, error) {
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	b := &balancer{lis: lis, backends: backends}
	b.wg.Add(1)
	go b.serve()
	return b, nil
}

// addr is the balancer's address, the one clients are given.
func (b *balancer) addr() string { return b.lis.Addr().String() }

func (b *balancer) close() {
	_ = b.lis.Close()
	b.wg.Wait()
}

func (b *balancer) serve() {
	defer b.wg.Done()
	for {
		conn, err := b.lis.Accept()
		if err != nil {
			return
		}
		go b.forward(conn)
	}
}

// forward connects client to the first replica, in round-robin order, that
// accepts; a refused replica is skipped as kube-proxy skips a pod that is
// not ready.
func (b *balancer) forward(client net.Conn) {
	start := b.next.Add(1)
	for i := range b.backends {
		addr := b.backends[(start+uint64(i))%uint64(len(b.backends))]
		backend, err := net.DialTimeout("tcp", addr, time.Second)
		if err != nil {
			continue
		}
		pipe(client, backend)
		return
	}
	_ = client.Close()
}

// pipe copies both ways until either side ends, then closes both: a killed
// replica's connections end for its clients too.
func pipe(a, b net.Conn) {
	done := make(chan struct{}, 2)
	go func() { _, _ = io.Copy(a, b); done <- struct{}{} }()
	go func() { _, _ = io.Copy(b, a); done <- struct{}{} }()
	<-done
	_ = a.Close()
	_ = b.Close()
	<-done
}
