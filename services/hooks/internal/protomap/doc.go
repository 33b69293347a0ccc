// Package protomap converts the hooks service's domain types to and from
// their protobuf messages. The gRPC handlers and the event payloads share
// it, so a resource looks the same in a response and in an event; neither
// ever carries a credential, except a webhook's new secret in the two
// responses that hand it out.
package protomap
