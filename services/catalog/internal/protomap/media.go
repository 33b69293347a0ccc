package protomap

import (
	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"

	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
)

// MediaFiles returns a transcode report's outputs as media files.
func MediaFiles(outputs []*eventsv1.MediaOutput) []catalog.MediaFile {
	files := make([]catalog.MediaFile, len(outputs))
	for i, o := range outputs {
		files[i] = catalog.MediaFile{Label: o.GetLabel(), Path: o.GetPath()}
	}
	return files
}
