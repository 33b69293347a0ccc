package store

import (
	"time"

	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
)

// mapRows converts generated rows to domain values.
func mapRows[R, T any](rows []R, convert func(R) T) []T {
	out := make([]T, len(rows))
	for i, row := range rows {
		out[i] = convert(row)
	}
	return out
}

// audit builds the audit fields; times come back in UTC so that cursors and
// formatted times do not depend on the server's time zone.
func audit(createdBy string, createdTime time.Time, updatedBy string, updatedTime time.Time) catalog.Audit {
	return catalog.Audit{
		CreatedBy:   createdBy,
		CreatedTime: createdTime.UTC(),
		UpdatedBy:   updatedBy,
		UpdatedTime: updatedTime.UTC(),
	}
}
