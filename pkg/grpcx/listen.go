package grpcx

import (
	"fmt"
	"net"
)

// Listen returns given when it is set (tests and the devstack bind a free
// port first and hand the service its listener, so they know the address
// before it starts), and otherwise listens on addr.
func Listen(given net.Listener, addr string) (net.Listener, error) {
	if given != nil {
		return given, nil
	}
	lis, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("listen on %s: %w", addr, err)
	}
	return lis, nil
}
