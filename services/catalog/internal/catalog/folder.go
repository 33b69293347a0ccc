package catalog

import (
	"github.com/vidhost/vidhost/pkg/apirules"
	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/validate"
)

// FolderNameMax bounds a folder's name.
const FolderNameMax = apirules.FolderNameMax

// ErrFolderHasSubfolders refuses deleting a folder that still encloses
// others: deleting them along would be a surprise, and orphaning them
// would leave a tree nobody drew.
var ErrFolderHasSubfolders = &apperr.Conflict{Reason: "folder has sub-folders: delete or move them first"}

// Folder groups videos; folders nest through ParentID ("" at the top). A
// video may be in several folders, and removing it from one (or deleting
// the folder) leaves the video alone.
type Folder struct {
	ID       string
	Name     string
	ParentID string
	Audit
}

// Validate checks the fields a client sets; whether the parent exists is
// checked in the transaction that stores the folder.
func (f Folder) Validate() error {
	if err := validate.Length("name", f.Name, FolderNameMax); err != nil {
		return err
	}
	if f.ParentID != "" && !ids.Valid(f.ParentID) {
		return errNoSuchParent
	}
	return nil
}

var (
	errNoSuchParent = apperr.InvalidField("parent_id", "must be the id of one of the account's folders, or empty")
	errParentCycle  = apperr.InvalidField("parent_id", "must not be the folder itself or one of its sub-folders")
)

// folderFields are the folder fields an update mask may name.
var folderFields = setters[Folder]{
	"name":      func(dst *Folder, src Folder) { dst.Name = src.Name },
	"parent_id": func(dst *Folder, src Folder) { dst.ParentID = src.ParentID },
}
