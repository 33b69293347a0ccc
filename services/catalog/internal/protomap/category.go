package protomap

import (
	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"

	"github.com/vidhost/vidhost/pkg/timefmt"
	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
)

// Category returns c as a message.
func Category(c catalog.Category) *catalogv1.Category {
	return &catalogv1.Category{
		Id:          c.ID,
		Name:        c.Name,
		Value:       c.Value,
		CreatedBy:   c.CreatedBy,
		CreatedTime: timefmt.Format(c.CreatedTime),
		UpdatedBy:   c.UpdatedBy,
		UpdatedTime: timefmt.Format(c.UpdatedTime),
	}
}

// CategoryValues returns the client-settable fields of m (nil: none), the
// values of an update.
func CategoryValues(m *catalogv1.Category) catalog.Category {
	return catalog.Category{Name: m.GetName(), Value: m.GetValue()}
}
