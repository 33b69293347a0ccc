package profiles

import (
	"fmt"
	"strings"
)

// Name is a transcoding profile's name, as the interface spells it.
type Name string

// The profiles. Standard is what an empty name means, in a request and in a
// job enqueued before profiles existed.
const (
	// Standard is the content-adaptive H.264 ladder.
	Standard Name = "standard"
	// Efficient is the content-adaptive H.264 ladder plus AV1 renditions.
	Efficient Name = "efficient"
	// Fixed is the fixed H.264 ladder, every rung at its full bitrate cap.
	Fixed Name = "fixed"
)

// Profile is one row of the table: a name, what it does in a sentence for
// people (docs, the OpenAPI description), and the encoder choices it makes.
type Profile struct {
	Name        Name
	Description string
	adaptive    bool
	av1         bool
}

// all is the table, in the order docs and error messages list it.
var all = []Profile{
	{Name: Standard, adaptive: true,
		Description: "H.264 renditions whose bitrates follow the content: a simple picture gets fewer bytes and may " +
			"drop rungs that add nothing visible, never above the fixed ladder's caps."},
	{Name: Efficient, adaptive: true, av1: true,
		Description: "the standard H.264 renditions plus AV1 ones in the same HLS and DASH manifests, for players " +
			"that decode AV1 (fewer bytes at the same quality; more encoding time), where they pay: not on static " +
			"pictures (slides) nor on noise-like sources, where AV1 does not beat H.264."},
	{Name: Fixed,
		Description: "the fixed H.264 ladder: every rung at its full bitrate cap, whatever the content."},
}

// All returns every profile, in the table's order.
func All() []Profile { return append([]Profile(nil), all...) }

// Names returns every profile's name, in the table's order.
func Names() []Name {
	names := make([]Name, len(all))
	for i, p := range all {
		names[i] = p.Name
	}
	return names
}

// Strings returns every profile's name as a string, for enum tables.
func Strings() []string {
	out := make([]string, len(all))
	for i, p := range all {
		out[i] = string(p.Name)
	}
	return out
}

// Parse returns the profile called s; empty is Standard. An unknown name
// is an error naming the known ones.
func Parse(s string) (Name, error) {
	if s == "" {
		return Standard, nil
	}
	if _, ok := lookup(Name(s)); ok {
		return Name(s), nil
	}
	return "", fmt.Errorf("unknown transcoding profile %q: must be one of %s", s, List())
}

// List is the names for a sentence: "standard, efficient or fixed".
func List() string {
	names := Strings()
	if len(names) == 1 {
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// Adaptive reports whether the profile chooses each H.264 rung's bitrate
// from the content (capped CRF) rather than the fixed caps.
func (n Name) Adaptive() bool { p, _ := lookup(n.orDefault()); return p.adaptive }

// AV1 reports whether the profile adds the AV1 renditions.
func (n Name) AV1() bool { p, _ := lookup(n.orDefault()); return p.av1 }

// Description is the profile's sentence for people; empty for an unknown
// name.
func (n Name) Description() string { p, _ := lookup(n.orDefault()); return p.Description }

func (n Name) orDefault() Name {
	if n == "" {
		return Standard
	}
	return n
}

func lookup(n Name) (Profile, bool) {
	for _, p := range all {
		if p.Name == n {
			return p, true
		}
	}
	return Profile{}, false
}
