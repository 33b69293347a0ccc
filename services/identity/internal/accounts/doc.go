// Package accounts is the operator's domain: making an account with its owner
// and first key, listing accounts, moving one to another plan, disabling one,
// and minting a key for an account that has lost all of its own. It knows
// nothing of gRPC or SQL; the store implements Store. Keys are made and
// announced exactly as the keys package does for /v2, so gateways hear of
// them the same way.
package accounts
