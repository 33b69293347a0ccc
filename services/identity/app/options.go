package app

import "net"

// Options are what an embedding program (the devstack, tests) can add to a
// Config.
type Options struct {
	// Listener, if set, is served instead of listening on Config.GRPCAddr
	// (pass a 127.0.0.1:0 listener for a free port). Run closes it.
	Listener net.Listener
	// Ready is called with the server's address once it accepts calls.
	Ready func(addr string)
	// OnBootstrap receives the installation's owner at every start, before
	// serving. Without it, the secrets of a first start are logged once at
	// WARN level so that an operator running the binary sees them.
	OnBootstrap func(b Bootstrap)
}

// Bootstrap describes the owner of the installation. On the first start of a
// fresh database Created is true and Password and APIKey (a read-write key
// named "bootstrap") hold the only clear copies of those secrets; on later
// starts Created is false and both are empty.
type Bootstrap struct {
	AccountID, UserID, Email string
	Password, APIKey         string
	Created                  bool
}
