// Package principal carries who a request acts as from the gateway to the
// services. The gateway authenticates the bearer key once and attaches the
// principal to the outgoing gRPC metadata with an HMAC signature over its
// fields; services accept the principal only when the signature verifies
// with the shared internal secret, so nothing but the gateway can assert it.
package principal
