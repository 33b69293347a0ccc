// Package keys is the API key domain: the rules a key's fields obey, how its
// secret is made and hashed, how a PATCH's field mask becomes a change, and
// the Service the gRPC handlers call. It knows nothing of gRPC, SQL or NATS:
// the store implements the Store interface declared here, and each change
// emits an Event (what happened, to which key) in its transaction, which
// internal/events turns into a subject and a message.
package keys
