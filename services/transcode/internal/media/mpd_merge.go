package media

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// mergeMPD puts the adaptation sets of the other muxers' manifests (the AV1
// set's) into the period of base (the H.264 ladder's), as the sets after
// base's own: one manifest in which DASH players choose a set by codec.
// The other muxers number their sets and representations from 0 as base
// does, so each set gets the next free number, each representation its
// track's id (the muxer's prefix before it), and its segment templates the
// muxer's own id in place of $RepresentationID$, so they still name its
// files. Everything else is copied as ffmpeg wrote it.
func mergeMPD(base []byte, others []*muxerState) ([]byte, error) {
	doc, err := parseMPD(base)
	if err != nil {
		return nil, err
	}
	if len(doc.Periods) != 1 {
		return nil, errors.New("dash manifest: want one period")
	}
	next := len(doc.Periods[0].AdaptationSets)
	var sets bytes.Buffer
	for _, m := range others {
		n, err := copyAdaptationSets(&sets, m.data, renumbered(m.prefix, next))
		if err != nil {
			return nil, err
		}
		next += n
	}
	return insertBeforePeriodEnd(base, sets.Bytes())
}

// insertBeforePeriodEnd puts sets at the end of base's one period.
func insertBeforePeriodEnd(base, sets []byte) ([]byte, error) {
	end := bytes.LastIndex(base, []byte("</Period>"))
	if end < 0 {
		return nil, errors.New("dash manifest: want one period")
	}
	out := bytes.Clone(base[:end])
	out = append(out, sets...)
	return append(out, base[end:]...), nil
}

// renumbered is mergeMPD's edit of another muxer's sets: numbered from
// firstID, representations renamed with prefix.
func renumbered(prefix string, firstID int) func(*xml.StartElement) {
	sets, representation := 0, ""
	return func(t *xml.StartElement) {
		switch t.Name.Local {
		case "AdaptationSet":
			setAttr(t, "id", func(string) string { return strconv.Itoa(firstID + sets) })
			sets++
		case "Representation":
			setAttr(t, "id", func(id string) string { representation = id; return prefix + id })
		case "SegmentTemplate":
			own := func(template string) string {
				return strings.ReplaceAll(template, "$RepresentationID$", representation)
			}
			setAttr(t, "initialization", own)
			setAttr(t, "media", own)
		}
	}
}

// copyAdaptationSets writes the AdaptationSet elements of manifest to w,
// each start tag passed through edit first, and returns how many it wrote.
func copyAdaptationSets(w *bytes.Buffer, manifest []byte, edit func(*xml.StartElement)) (int, error) {
	d := xml.NewDecoder(bytes.NewReader(manifest))
	x := xmlWriter{w: w}
	depth, sets := 0, 0
	for {
		tok, err := d.RawToken()
		if errors.Is(err, io.EOF) {
			return sets, nil
		}
		if err != nil {
			return 0, fmt.Errorf("dash manifest: %w", err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if depth == 0 && t.Name.Local != "AdaptationSet" {
				continue
			}
			if depth == 0 {
				w.WriteString("\t") // indented as base's sets
				sets++
			}
			depth++
			t = t.Copy()
			edit(&t)
			x.start(t)
		case xml.EndElement:
			if depth > 0 {
				depth--
				x.end(t)
				if depth == 0 {
					w.WriteString("\n\t")
				}
			}
		case xml.CharData:
			if depth > 0 {
				x.text(t)
			}
		}
	}
}

// setAttr replaces the value of t's attribute name with change(value).
func setAttr(t *xml.StartElement, name string, change func(string) string) {
	for i, a := range t.Attr {
		if a.Name.Space == "" && a.Name.Local == name {
			t.Attr[i].Value = change(a.Value)
		}
	}
}

// xmlWriter writes raw tokens back as ffmpeg wrote them: white space as it
// is (encoding/xml's Encoder would escape it), and an element without
// content as <S … />.
type xmlWriter struct {
	w    *bytes.Buffer
	open bool // a start tag is waiting for its ">"
}

var xmlEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;")

func (x *xmlWriter) start(t xml.StartElement) {
	x.close()
	x.w.WriteString("<" + qualified(t.Name))
	for _, a := range t.Attr {
		x.w.WriteString(" " + qualified(a.Name) + `="` + xmlEscaper.Replace(a.Value) + `"`)
	}
	x.open = true
}

func (x *xmlWriter) end(t xml.EndElement) {
	if x.open {
		x.w.WriteString(" />")
		x.open = false
		return
	}
	x.w.WriteString("</" + qualified(t.Name) + ">")
}

func (x *xmlWriter) text(data xml.CharData) {
	x.close()
	x.w.WriteString(xmlEscaper.Replace(string(data)))
}

func (x *xmlWriter) close() {
	if x.open {
		x.w.WriteString(">")
		x.open = false
	}
}

// qualified is a raw token's name as written: RawToken keeps the prefix.
func qualified(n xml.Name) string {
	if n.Space == "" {
		return n.Local
	}
	return n.Space + ":" + n.Local
}
