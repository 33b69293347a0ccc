package users

// auditFields are what the audit log records of a user: its editable
// fields and email, never a password or an MFA secret.
func auditFields(u User) map[string]any {
	return map[string]any{
		"email": u.Email, "name": u.Name, "role": u.Role, "authentication": u.Authentication,
		"notifications": u.Notifications, "enabled": u.Enabled, "mfa_required": u.MFARequired,
	}
}
