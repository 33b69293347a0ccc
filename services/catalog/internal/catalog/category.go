package catalog

import (
	"github.com/vidhost/vidhost/pkg/apirules"
	"github.com/vidhost/vidhost/pkg/apperr"

	"github.com/vidhost/vidhost/pkg/validate"
)

// Category limits from the interface.
const (
	CategoryNameMax  = apirules.CategoryNameMax
	CategoryValueMax = apirules.CategoryValueMax
)

// ErrCategoryValueTaken is returned when another category of the account
// already has the value. Values are unique per account because videos refer
// to a category by its value: two categories with one value would make that
// reference ambiguous.
var ErrCategoryValueTaken = &apperr.Conflict{Reason: "value is already used by another category"}

// Category is a label videos can be filed under: Name is shown, Value is
// what a video stores.
type Category struct {
	ID    string
	Name  string
	Value string
	Audit
}

// Validate checks the fields a client sets.
func (c Category) Validate() error {
	return validate.First(
		validate.Length("name", c.Name, CategoryNameMax),
		validate.Length("value", c.Value, CategoryValueMax),
	)
}

// categoryFields are the fields an update mask may name.
var categoryFields = setters[Category]{
	"name":  func(dst *Category, src Category) { dst.Name = src.Name },
	"value": func(dst *Category, src Category) { dst.Value = src.Value },
}
