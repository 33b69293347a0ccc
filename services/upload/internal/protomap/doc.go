// Package protomap converts the upload domain's values to their
// vidhost.upload.v1 messages, for the gRPC handlers and the events alike.
package protomap
