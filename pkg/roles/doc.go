// Package roles names the roles a person of an account can have and orders
// them. It is the one home of the list: the users service validates a
// user's role with it, and grpcx.Policy states the least role each
// account-scoped method needs (docs/roles.md).
package roles
