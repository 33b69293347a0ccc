// Package protomap converts the catalog's domain types to and from their
// protobuf messages. The gRPC handlers and the event payloads share it, so a
// resource looks the same in a response and in an event.
package protomap
