// Package auditlog is identity's side of the audit log (docs/audit-logs.md):
// it stores the entries every service publishes on AUDIT, exactly once,
// lists an account's entries newest first for plans that include audit
// logs, and expires entries past the configured retention.
package auditlog
