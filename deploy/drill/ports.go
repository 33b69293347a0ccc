package drill

import (
	"net"
)

// freeAddrs are n loopback addresses nobody listens on now (held open
// together while chosen, so they differ). The drill keeps each process's
// addresses across restarts, as a pod keeps its Service.
func freeAddrs(n int) ([]string, error) {
	addrs := make([]string, n)
	for i := range addrs {
		lis, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return nil, err
		}
		defer lis.Close()
		addrs[i] = lis.Addr().String()
	}
	return addrs, nil
}
