package upload

// Stable error codes of refused uploads, part of the interface: clients
// match on them (docs/uploads.md lists them with their HTTP statuses).
const (
	// CodeUploadsDisabled: the account's switch is off (409).
	CodeUploadsDisabled = "uploads_disabled"
	// CodeFileTooLarge: size is over the account's per-file limit (409).
	CodeFileTooLarge = "upload_file_too_large"
	// CodeQuotaBytes: the upload would take the account over its bytes
	// quota (429).
	CodeQuotaBytes = "upload_quota_bytes"
	// CodeConcurrency: the account has as many uploads in progress as it
	// may (429).
	CodeConcurrency = "upload_concurrency"
)
