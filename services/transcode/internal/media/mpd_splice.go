package media

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"slices"
)

// splice replaces data[from:to] of a manifest with text (an insertion
// when from == to). Editing ffmpeg's manifests by splices keeps every
// other byte as ffmpeg wrote it: the XML declaration, the layout, the
// attributes this package does not know.
type splice struct {
	from, to int64
	text     string
}

// spliced applies splices, which are in order and do not overlap.
func spliced(data []byte, splices []splice) []byte {
	var out bytes.Buffer
	copied := int64(0)
	for _, s := range splices {
		out.Write(data[copied:s.from])
		out.WriteString(s.text)
		copied = s.to
	}
	out.Write(data[copied:])
	return out.Bytes()
}

// rewriteMPD passes every start tag of a manifest through edit and
// rewrites those it changed.
func rewriteMPD(data []byte, edit func(*xml.StartElement)) ([]byte, error) {
	var splices []splice
	err := walkMPD(data, func(tok xml.Token, from, to int64) {
		start, ok := tok.(xml.StartElement)
		if !ok {
			return
		}
		edited := start.Copy()
		edit(&edited)
		if !slices.Equal(start.Attr, edited.Attr) {
			splices = append(splices, splice{from, to, startTag(edited, bytes.HasSuffix(data[from:to], []byte("/>")))})
		}
	})
	if err != nil {
		return nil, err
	}
	return spliced(data, splices), nil
}

// walkMPD calls fn with each raw token of a manifest and the bytes it
// spans. An element without content (<S … />) spans its start tag; its
// end tag, which RawToken makes up, spans nothing.
func walkMPD(data []byte, fn func(tok xml.Token, from, to int64)) error {
	d := xml.NewDecoder(bytes.NewReader(data))
	for {
		from := d.InputOffset()
		tok, err := d.RawToken()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("dash manifest: %w", err)
		}
		fn(tok, from, d.InputOffset())
	}
}

// startTag writes t as ffmpeg does; empty closes it (<S … />).
func startTag(t xml.StartElement, empty bool) string {
	var b bytes.Buffer
	x := xmlWriter{w: &b}
	x.start(t)
	if empty {
		x.end(t.End())
	}
	x.close()
	return b.String()
}
