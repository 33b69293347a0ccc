package media

import (
	"encoding/xml"
	"errors"
	"fmt"
)

// joinAudioRuns writes the manifest one audio run of every bitrate would
// have written, from the collected manifests of the runs of one bitrate
// each, in the plan's order (audio_run.go): the first run's, its one
// adaptation set holding every run's representation in turn. Each run
// writes the same set (the same attributes: an audio set's do not depend
// on the bitrate) and the same representation, but for its id (collect
// gave it its own) and its bandwidth, so the stitched manifest is the one
// a run of all of them gives, byte for byte.
func joinAudioRuns(runs [][]byte) ([]byte, error) {
	if len(runs) == 0 {
		return nil, errors.New("dash manifest: no audio run to join")
	}
	var representations []byte
	for i, run := range runs[1:] {
		from, to, err := representationBytes(run)
		if err != nil {
			return nil, fmt.Errorf("audio run %d: %w", i+1, err)
		}
		representations = append(representations, "\n\t\t\t"...)
		representations = append(representations, run[from:to]...)
	}
	_, end, err := representationBytes(runs[0])
	if err != nil {
		return nil, fmt.Errorf("audio run 0: %w", err)
	}
	return spliced(runs[0], []splice{{end, end, string(representations)}}), nil
}

// representationBytes is where a run's one Representation element lies in
// its manifest, from its start tag to its end tag.
func representationBytes(manifest []byte) (from, to int64, err error) {
	count := 0
	err = walkMPD(manifest, func(tok xml.Token, start, end int64) {
		switch t := tok.(type) {
		case xml.StartElement:
			if t.Name.Local == "Representation" {
				count++
				from = start
			}
		case xml.EndElement:
			if t.Name.Local == "Representation" {
				to = end
			}
		}
	})
	if err == nil && count != 1 {
		err = fmt.Errorf("dash manifest: an audio run has %d representations, want 1", count)
	}
	return from, to, err
}
