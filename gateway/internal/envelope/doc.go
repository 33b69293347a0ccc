// Package envelope writes the response envelope of the /v2 interface,
// {success, result, links, errors}, and holds the one mapping from gRPC
// status codes to HTTP statuses and client-facing messages. Everything the
// edge answers, success or failure, goes through here so every response has
// the same shape.
package envelope
