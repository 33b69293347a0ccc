// Package keys is the API key domain: the rules a key's fields obey, how its
// secret is made and hashed, how a PATCH's field mask becomes a change, and
// the Service the gRPC handlers call. It knows nothing of gRPC or SQL: the
// store implements the Store interface declared here.
package keys
