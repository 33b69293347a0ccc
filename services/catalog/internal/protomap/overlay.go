package protomap

import (
	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"

	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
)

// Card returns c as a message.
func Card(c catalog.Card) *catalogv1.Card {
	return &catalogv1.Card{
		Id: c.ID, Name: c.Name, At: int32(c.At), Until: int32(c.Until), Skip: c.Skip, TopText: c.TopText, //nolint:gosec // bounded: At and Until are validated to 0..catalog.MaxSeconds
		BottomText: c.BottomText, Link: c.Link, LinkText: c.LinkText, Icon: c.Icon,
	}
}

// CardValues returns the values of a card update.
func CardValues(m *catalogv1.Card) catalog.Card {
	return catalog.Card{
		Name: m.GetName(), At: int(m.GetAt()), Until: int(m.GetUntil()), Skip: m.GetSkip(), TopText: m.GetTopText(),
		BottomText: m.GetBottomText(), Link: m.GetLink(), LinkText: m.GetLinkText(), Icon: m.GetIcon(),
	}
}

// CardInput returns a create request, keeping which fields were sent.
func CardInput(in *catalogv1.CreateCardRequest) catalog.CardInput {
	return catalog.CardInput{
		Name: in.Name, At: intPointer(in.At), Until: intPointer(in.Until), Skip: in.Skip, TopText: in.TopText,
		BottomText: in.BottomText, Link: in.Link, LinkText: in.LinkText, Icon: in.Icon,
	}
}

// Gate returns g as a message.
func Gate(g catalog.Gate) *catalogv1.Gate {
	return &catalogv1.Gate{
		Id: g.ID, Name: g.Name, At: int32(g.At), Skip: g.Skip, TopText: g.TopText, //nolint:gosec // bounded: At is validated to 0..catalog.MaxSeconds
		BottomText: g.BottomText, CheckboxText: g.CheckboxText, Fields: g.Fields,
	}
}

// GateValues returns the values of a gate update.
func GateValues(m *catalogv1.Gate) catalog.Gate {
	return catalog.Gate{
		Name: m.GetName(), At: int(m.GetAt()), Skip: m.GetSkip(), TopText: m.GetTopText(),
		BottomText: m.GetBottomText(), CheckboxText: m.GetCheckboxText(), Fields: m.GetFields(),
	}
}

// GateInput returns a create request, keeping which fields were sent.
func GateInput(in *catalogv1.CreateGateRequest) catalog.GateInput {
	return catalog.GateInput{
		Name: in.Name, At: intPointer(in.At), Skip: in.Skip, TopText: in.TopText,
		BottomText: in.BottomText, CheckboxText: in.CheckboxText, Fields: in.GetFields(),
	}
}

// Chapter returns c as a message.
func Chapter(c catalog.Chapter) *catalogv1.Chapter {
	return &catalogv1.Chapter{Id: c.ID, Name: c.Name, Start: c.Start}
}

// ChapterValues returns the values of a chapter update.
func ChapterValues(m *catalogv1.Chapter) catalog.Chapter {
	return catalog.Chapter{Name: m.GetName(), Start: m.GetStart()}
}

func intPointer(v *int32) *int {
	if v == nil {
		return nil
	}
	n := int(*v)
	return &n
}
