package catalog

import (
	"regexp"

	"github.com/vidhost/vidhost/pkg/apirules"
	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/validate"
)

// Limits of cards and gates' texts. The interface gives none; these keep
// an overlay readable on a small player.
const (
	OverlayNameMax = apirules.OverlayNameMax
	OverlayTextMax = apirules.OverlayTextMax
	LinkTextMax    = apirules.LinkTextMax
	IconMax        = apirules.IconMax
)

// iconPattern is the shape of an icon name of a standard icon set
// ("shopping-cart", "info"), or empty.
var iconPattern = regexp.MustCompile(apirules.IconPattern)

// Card is a call-to-action in the top-right corner, shown from At until
// Until (seconds) unless skipped.
type Card struct {
	ID         string
	Name       string
	At         int
	Until      int
	Skip       bool
	TopText    string
	BottomText string
	Link       string
	LinkText   string
	Icon       string
}

// Validate checks the fields a client sets.
func (c Card) Validate() error {
	return validate.First(
		validate.MaxLength("name", c.Name, OverlayNameMax),
		checkRange("at", c.At, 0, MaxSeconds, " (seconds)"),
		checkRange("until", c.Until, 0, MaxSeconds, " (seconds)"),
		checkAfter("until", c.Until, "at", c.At),
		validate.MaxLength("top_text", c.TopText, OverlayTextMax),
		validate.MaxLength("bottom_text", c.BottomText, OverlayTextMax),
		checkLink("link", c.Link, LinkMax),
		validate.MaxLength("link_text", c.LinkText, LinkTextMax),
		checkIcon(c.Icon),
	)
}

// checkAfter requires later > earlier.
func checkAfter(field string, later int, earlierField string, earlier int) error {
	if later <= earlier {
		return apperr.InvalidField(field, "must be greater than %s", earlierField)
	}
	return nil
}

func checkIcon(icon string) error {
	if len(icon) > IconMax || !iconPattern.MatchString(icon) {
		return apperr.InvalidField("icon", "must be the name of an icon (lowercase words joined by -, at most %d characters) or empty", IconMax)
	}
	return nil
}

// cardFields are the card fields an update mask may name.
var cardFields = setters[Card]{
	"name":        func(dst *Card, src Card) { dst.Name = src.Name },
	"at":          func(dst *Card, src Card) { dst.At = src.At },
	"until":       func(dst *Card, src Card) { dst.Until = src.Until },
	"skip":        func(dst *Card, src Card) { dst.Skip = src.Skip },
	"top_text":    func(dst *Card, src Card) { dst.TopText = src.TopText },
	"bottom_text": func(dst *Card, src Card) { dst.BottomText = src.BottomText },
	"link":        func(dst *Card, src Card) { dst.Link = src.Link },
	"link_text":   func(dst *Card, src Card) { dst.LinkText = src.LinkText },
	"icon":        func(dst *Card, src Card) { dst.Icon = src.Icon },
}

// CardInput is a create request. The interface requires every field but
// id, even if empty, so a nil field is refused rather than defaulted.
type CardInput struct {
	Name, TopText, BottomText, Link, LinkText, Icon *string
	At, Until                                       *int
	Skip                                            *bool
}

// Card returns the card, or the first field that was not sent.
func (in CardInput) Card() (Card, error) {
	err := validate.First(
		required("name", in.Name), required("at", in.At), required("until", in.Until),
		required("skip", in.Skip), required("top_text", in.TopText), required("bottom_text", in.BottomText),
		required("link", in.Link), required("link_text", in.LinkText), required("icon", in.Icon),
	)
	if err != nil {
		return Card{}, err
	}
	return Card{
		Name: *in.Name, At: *in.At, Until: *in.Until, Skip: *in.Skip, TopText: *in.TopText,
		BottomText: *in.BottomText, Link: *in.Link, LinkText: *in.LinkText, Icon: *in.Icon,
	}, nil
}

// required refuses a field that was not sent at all.
func required[T any](field string, sent *T) error {
	if sent == nil {
		return apperr.InvalidField(field, "is required (send it even if empty)")
	}
	return nil
}
