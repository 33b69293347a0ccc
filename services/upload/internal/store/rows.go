package store

import (
	"time"

	"github.com/vidhost/vidhost/services/upload/internal/store/db"
	"github.com/vidhost/vidhost/services/upload/internal/upload"
)

func toUploads(rows []db.Upload) []upload.Upload {
	out := make([]upload.Upload, len(rows))
	for i, row := range rows {
		out[i] = toUpload(row)
	}
	return out
}

// toUpload converts a row; times come back in UTC so that cursors and
// formatted times do not depend on the server's time zone.
func toUpload(row db.Upload) upload.Upload {
	return upload.Upload{
		ID:             row.ID,
		AccountID:      row.AccountID,
		Name:           row.Name,
		Size:           row.Size,
		Key:            row.Key,
		Transport:      upload.Transport(row.Transport),
		TusID:          row.TusID,
		TokenID:        row.TokenID,
		State:          upload.State(row.State),
		ExpiresTime:    row.ExpiresTime.UTC(),
		CompletedTime:  utcOrZero(row.CompletedTime),
		ReferencedTime: utcOrZero(row.ReferencedTime),
		Audit:          audit(row.CreatedBy, row.CreatedTime, row.UpdatedBy, row.UpdatedTime),
	}
}

func audit(createdBy string, createdTime time.Time, updatedBy string, updatedTime time.Time) upload.Audit {
	return upload.Audit{
		CreatedBy:   createdBy,
		CreatedTime: createdTime.UTC(),
		UpdatedBy:   updatedBy,
		UpdatedTime: updatedTime.UTC(),
	}
}

func utcOrZero(t *time.Time) time.Time {
	if t == nil {
		return time.Time{}
	}
	return t.UTC()
}
