// Package envelope writes Vidhost's response envelope,
// {success, result, links, errors}, and holds the one mapping from gRPC
// statuses to HTTP statuses, error codes and client-facing messages. The
// gateway, the blob store's URL handler and the upload service's tus
// endpoint all answer through it, so every response has the same shape and
// every error a documented code (pkg/apperr/codes.json, docs/errors.md).
package envelope
