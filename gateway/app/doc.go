// Package app runs the gateway: the edge that authenticates REST clients and
// maps /v2 onto the services' gRPC methods. It is public so the devstack and
// tests can run the gateway in-process (Run with a :0 listener).
package app
