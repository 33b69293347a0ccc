// Package origin is the live service's internal HTTP listener: it serves
// each live run's LL-HLS stream (an llhls.Muxer, in memory) to the
// gateway's edge, which proxies viewers to it with its access rules
// (pkg/liveorigin is the contract between the two). Only the edge may
// call it: every request must carry the gateway's signature for its method
// and path, so a listener reachable from elsewhere in a cluster still
// serves no one else. It is bounded: a cap on requests in flight (blocked
// playlist requests included: each costs a goroutine while it waits),
// header, read, write and idle timeouts.
package origin
