package protomap

import (
	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"

	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
)

// Hotspot returns h in the create shape (Set A).
func Hotspot(h catalog.Hotspot) *catalogv1.Hotspot {
	return &catalogv1.Hotspot{
		Id: h.ID, Name: h.Name, At: int32(h.At), Until: int32(h.Until), X: h.X, Y: h.Y, //nolint:gosec // bounded: At and Until are validated to 0..catalog.MaxSeconds
		Pitch: h.Pitch, Yaw: h.Yaw, Link: h.Link, Opacity: h.Opacity, Target: h.Target,
	}
}

// HotspotInput returns a create request (Set A) as a hotspot.
func HotspotInput(in *catalogv1.CreateHotspotRequest) catalog.Hotspot {
	return catalog.Hotspot{
		Name: in.GetName(), At: int(in.GetAt()), Until: int(in.GetUntil()), X: in.GetX(), Y: in.GetY(),
		Pitch: in.GetPitch(), Yaw: in.GetYaw(), Link: in.GetLink(), Opacity: in.GetOpacity(), Target: in.GetTarget(),
	}
}

// TimecodedHotspot returns h in the update shape (Set B).
func TimecodedHotspot(h catalog.TimecodedHotspot) *catalogv1.TimecodedHotspot {
	return &catalogv1.TimecodedHotspot{
		Id: h.ID, Name: h.Name, ShowAt: h.ShowAt, HideAt: h.HideAt, X: h.X, Y: h.Y,
		Action: h.Action, Link: h.Link, Target: h.Target, Opacity: h.Opacity,
	}
}

// TimecodedHotspotValues returns the values of a hotspot update (Set B).
func TimecodedHotspotValues(m *catalogv1.TimecodedHotspot) catalog.TimecodedHotspot {
	return catalog.TimecodedHotspot{
		Name: m.GetName(), ShowAt: m.GetShowAt(), HideAt: m.GetHideAt(), X: m.GetX(), Y: m.GetY(),
		Action: m.GetAction(), Link: m.GetLink(), Target: m.GetTarget(), Opacity: m.GetOpacity(),
	}
}
