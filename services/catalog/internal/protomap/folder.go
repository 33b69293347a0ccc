package protomap

import (
	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"

	"github.com/vidhost/vidhost/pkg/timefmt"
	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
)

// Folder returns f as a message.
func Folder(f catalog.Folder) *catalogv1.Folder {
	return &catalogv1.Folder{
		Id: f.ID, Name: f.Name, ParentId: f.ParentID,
		CreatedBy: f.CreatedBy, CreatedTime: timefmt.Format(f.CreatedTime),
		UpdatedBy: f.UpdatedBy, UpdatedTime: timefmt.Format(f.UpdatedTime),
	}
}

// FolderValues returns the values of a folder update.
func FolderValues(m *catalogv1.Folder) catalog.Folder {
	return catalog.Folder{Name: m.GetName(), ParentID: m.GetParentId()}
}
