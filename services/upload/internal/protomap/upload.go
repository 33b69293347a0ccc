package protomap

import (
	uploadv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/upload/v1"

	"github.com/vidhost/vidhost/pkg/timefmt"
	"github.com/vidhost/vidhost/services/upload/internal/upload"
)

// Upload returns u as a message; url is set only when u carries one.
func Upload(u upload.Upload) *uploadv1.Upload {
	return &uploadv1.Upload{
		Id:          u.ID,
		Name:        u.Name,
		Size:        float64(u.Size),
		Key:         u.Key,
		Url:         u.URL,
		CreatedBy:   u.CreatedBy,
		CreatedTime: timefmt.Format(u.CreatedTime),
		UpdatedBy:   u.UpdatedBy,
		UpdatedTime: timefmt.Format(u.UpdatedTime),
	}
}

// Resolution returns r as a message.
func Resolution(r upload.Resolution) *uploadv1.ResolveUploadResponse {
	return &uploadv1.ResolveUploadResponse{UploadId: r.UploadID, ObjectKey: r.ObjectKey, Size: r.Size, Name: r.Name}
}

// AccountSettings returns s as a message; the audit fields stay empty while
// the account uses the defaults only.
func AccountSettings(s upload.AccountSettings) *uploadv1.AccountSettings {
	m := &uploadv1.AccountSettings{
		AccountId:      s.AccountID,
		UploadsEnabled: s.UploadsEnabled,
		MaxFileBytes:   s.MaxFileBytes,
		QuotaBytes:     s.QuotaBytes,
		MaxConcurrent:  s.MaxConcurrent,
		UpdatedBy:      s.UpdatedBy,
	}
	if !s.UpdatedTime.IsZero() {
		m.UpdatedTime = timefmt.Format(s.UpdatedTime)
	}
	return m
}

// Kind returns the domain's kind of a message's kind.
func Kind(k uploadv1.UploadKind) upload.Kind {
	switch k {
	case uploadv1.UploadKind_UPLOAD_KIND_VIDEO:
		return upload.KindVideo
	case uploadv1.UploadKind_UPLOAD_KIND_THUMBNAIL:
		return upload.KindThumbnail
	case uploadv1.UploadKind_UPLOAD_KIND_TRACK:
		return upload.KindTrack
	}
	return upload.KindUnknown
}
