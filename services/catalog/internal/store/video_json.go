package store

import (
	"encoding/json"
	"fmt"

	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
)

// The JSON forms of a video's lists, as stored in its jsonb columns. They
// are declared here, with explicit keys, so that renaming a domain field
// never changes what is on disk.
type (
	fileJSON struct {
		Label string `json:"label,omitempty"`
		Path  string `json:"path"`
	}
	trackJSON struct {
		ID       string `json:"id"`
		Kind     string `json:"kind"`
		Label    string `json:"label"`
		Language string `json:"language"`
		Path     string `json:"path"`
	}
	cardJSON struct {
		ID         string `json:"id"`
		Name       string `json:"name"`
		At         int    `json:"at"`
		Until      int    `json:"until"`
		Skip       bool   `json:"skip"`
		TopText    string `json:"top_text"`
		BottomText string `json:"bottom_text"`
		Link       string `json:"link"`
		LinkText   string `json:"link_text"`
		Icon       string `json:"icon"`
	}
	gateJSON struct {
		ID           string   `json:"id"`
		Name         string   `json:"name"`
		At           int      `json:"at"`
		Skip         bool     `json:"skip"`
		TopText      string   `json:"top_text"`
		BottomText   string   `json:"bottom_text"`
		CheckboxText string   `json:"checkbox_text"`
		Fields       []string `json:"fields"`
	}
	hotspotJSON struct {
		ID      string  `json:"id"`
		Name    string  `json:"name"`
		At      int     `json:"at"`
		Until   int     `json:"until"`
		X       float64 `json:"x"`
		Y       float64 `json:"y"`
		Pitch   float64 `json:"pitch"`
		Yaw     float64 `json:"yaw"`
		Link    string  `json:"link"`
		Opacity float64 `json:"opacity"`
		Target  string  `json:"target"`
	}
	chapterJSON struct {
		ID    string `json:"id"`
		Name  string `json:"name"`
		Start string `json:"start"`
	}
)

// encodeList stores items as a JSON array (never null).
func encodeList[T, J any](items []T, convert func(T) J) []byte {
	out := make([]J, len(items))
	for i, item := range items {
		out[i] = convert(item)
	}
	data, _ := json.Marshal(out) // plain structs of strings and numbers cannot fail
	return data
}

// decodeList reads a JSON array stored by encodeList.
func decodeList[J, T any](data []byte, convert func(J) T) ([]T, error) {
	var stored []J
	if err := json.Unmarshal(data, &stored); err != nil {
		return nil, fmt.Errorf("store: decode %T: %w", stored, err)
	}
	out := make([]T, len(stored))
	for i, s := range stored {
		out[i] = convert(s)
	}
	return out, nil
}

func fileToJSON(f catalog.MediaFile) fileJSON { return fileJSON{Label: f.Label, Path: f.Path} }
func fileFromJSON(f fileJSON) catalog.MediaFile {
	return catalog.MediaFile{Label: f.Label, Path: f.Path}
}

func trackToJSON(t catalog.Track) trackJSON {
	return trackJSON{ID: t.ID, Kind: t.Kind, Label: t.Label, Language: t.Language, Path: t.Path}
}

func trackFromJSON(t trackJSON) catalog.Track {
	return catalog.Track{ID: t.ID, Kind: t.Kind, Label: t.Label, Language: t.Language, Path: t.Path}
}

func cardToJSON(c catalog.Card) cardJSON   { return cardJSON(c) }
func cardFromJSON(c cardJSON) catalog.Card { return catalog.Card(c) }

func gateToJSON(g catalog.Gate) gateJSON   { return gateJSON(g) }
func gateFromJSON(g gateJSON) catalog.Gate { return catalog.Gate(g) }

func hotspotToJSON(h catalog.Hotspot) hotspotJSON   { return hotspotJSON(h) }
func hotspotFromJSON(h hotspotJSON) catalog.Hotspot { return catalog.Hotspot(h) }

func chapterToJSON(c catalog.Chapter) chapterJSON   { return chapterJSON(c) }
func chapterFromJSON(c chapterJSON) catalog.Chapter { return catalog.Chapter(c) }
