// Package jwtkeys is the JWT key domain: the public keys an account registers
// so that its own servers can sign viewer JWTs for private videos, the rules
// such a key obeys (an RSA key of 2048-8192 bits or an EC P-256 key, in PEM),
// and the Service the gRPC handlers call. It knows nothing of gRPC or SQL:
// the store implements the Store interface declared here.
package jwtkeys
