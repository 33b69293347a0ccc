// Package hooks is the hooks service's domain: an account's services (the
// integration targets an action runs on: a webhook, another Vidhost, an S3
// bucket) and its hooks (on which event, filtered how, which action runs on
// which service), with their rules. Service runs the use cases; a service of
// the interface is a Target here, so that the names follow docs/naming.md
// while routes, messages and method names keep the interface's word. It
// imports neither gRPC nor SQL; the store it needs is the Store interface.
package hooks
