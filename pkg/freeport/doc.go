// Package freeport chooses loopback TCP ports for servers that are started
// by port number rather than handed a listener: PostgreSQL, Mailpit, a NATS
// cluster's routes, the cluster drill's processes (which keep their port
// across a restart, as a pod keeps its Service).
//
// Why not the kernel's choice (listen on :0, close, pass the number on): the
// kernel takes that port from the ephemeral range, the same range it takes
// every outgoing connection's source port and every other :0 listener from.
// Between closing the probe and the server binding (or a killed process
// binding again) a busy test run can hand the port to someone else, and the
// server fails with "address already in use": the cluster drill did, once,
// with the service tests running in parallel beside it. freeport picks at
// random below the ephemeral range (net.ipv4.ip_local_port_range), where the
// kernel never assigns ports by itself, and keeps a port only if it can bind
// it now. Two pickers may still draw the same port, one chance in tens of
// thousands per pair, where before any connection could take it.
package freeport
