package catalog

import "time"

// Audit records who created a resource and who last changed it, and when.
// Every stored resource carries it (the interface's four audit fields).
type Audit struct {
	CreatedBy   string
	CreatedTime time.Time
	UpdatedBy   string
	UpdatedTime time.Time
}
