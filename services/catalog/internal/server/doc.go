// Package server is the catalog's gRPC face (vidhost.catalog.v1.CatalogService).
// Handlers are thin: they take the caller's principal (writers only for
// changes), call one domain function and map the result with protomap.
// Domain errors are returned as they are; the grpcx interceptor maps them to
// status codes in one place.
package server
