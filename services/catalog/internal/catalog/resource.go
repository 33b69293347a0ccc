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

// readOnlyFields are the fields no client may set; naming one in an update
// mask is refused rather than ignored, so a client learns at once that its
// change did not happen.
var readOnlyFields = []string{"id", "created_by", "created_time", "updated_by", "updated_time"}
