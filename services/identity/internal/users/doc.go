// Package users holds the rules of an account's people: which fields a PATCH
// may change, the roles, the notification names, and the invariant that an
// account always keeps one enabled owner. It knows no gRPC or SQL.
package users
