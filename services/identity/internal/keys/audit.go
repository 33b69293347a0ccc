package keys

import "github.com/vidhost/vidhost/pkg/audit"

// auditActions maps a key's events to the audit log's actions.
var auditActions = map[EventKind]string{
	KeyCreated: audit.ActionCreate,
	KeyUpdated: audit.ActionUpdate,
	KeyDeleted: audit.ActionDelete,
}

// AuditFields are what the audit log records of a key: its editable fields,
// never its value (which is not even stored) nor its hash.
func AuditFields(k Key) map[string]any {
	return map[string]any{"name": k.Name, "permissions": k.Permissions, "ips": k.IPs, "role": k.Role}
}
