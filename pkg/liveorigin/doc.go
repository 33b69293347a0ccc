// Package liveorigin is the contract between the live service, which serves
// each live run's low-latency HLS (LL-HLS) from memory on an internal HTTP
// port (the origin), and the gateway's edge, which proxies viewers'
// requests to it with its usual access rules: where an event's LL master
// playlist and the address of the instance holding its stream lie in the
// event's media folder, the origin's paths, and how the edge signs each
// request (the internal-call signature of pkg/principal, with the
// gateway's key, bound to the HTTP method and path). Both sides use only
// this package, so neither spells the other's paths.
package liveorigin
