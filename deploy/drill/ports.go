package drill

import "github.com/vidhost/vidhost/pkg/freeport"

// freeAddrs are n distinct loopback addresses nobody listens on now, below
// the kernel's ephemeral range (pkg/freeport): the drill keeps each
// process's addresses across restarts, as a pod keeps its Service, and a
// port from that range could be some connection's by the time a killed
// process binds it again.
func freeAddrs(n int) ([]string, error) { return freeport.Addrs(n) }
