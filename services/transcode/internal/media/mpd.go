package media

import (
	"encoding/xml"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// mpd is the part of ffmpeg's DASH manifest the HLS playlists are made from.
type mpd struct {
	Type    string `xml:"type,attr"` // "dynamic" while encoding, "static" at the end
	Periods []struct {
		AdaptationSets []mpdAdaptationSet `xml:"AdaptationSet"`
	} `xml:"Period"`
}

type mpdAdaptationSet struct {
	ContentType     string              `xml:"contentType,attr"`
	FrameRate       string              `xml:"frameRate,attr"`
	Representations []mpdRepresentation `xml:"Representation"`
}

type mpdRepresentation struct {
	ID        string `xml:"id,attr"`
	Codecs    string `xml:"codecs,attr"`
	Bandwidth int    `xml:"bandwidth,attr"`
	Width     int    `xml:"width,attr"`
	Height    int    `xml:"height,attr"`
	Channels  struct {
		Value string `xml:"value,attr"`
	} `xml:"AudioChannelConfiguration"`
	Template struct {
		Timescale      int64           `xml:"timescale,attr"`
		Initialization string          `xml:"initialization,attr"`
		Media          string          `xml:"media,attr"`
		StartNumber    int             `xml:"startNumber,attr"`
		Timeline       []timelineEntry `xml:"SegmentTimeline>S"`
	} `xml:"SegmentTemplate"`
}

// timelineEntry is an S element: Repeat more segments of Duration follow
// the first, which starts at Time, or where the one before ends when Time
// is absent.
type timelineEntry struct {
	Time     *int64 `xml:"t,attr"`
	Duration int64  `xml:"d,attr"`
	Repeat   int    `xml:"r,attr"`
}

// track is one representation with its segments spelled out.
type track struct {
	ID        string
	Video     bool
	Codecs    string
	Bandwidth int // declared, bit/s
	Width     int
	Height    int
	FrameRate string // "30/1"
	Channels  string
	Init      string
	Segments  []segment
}

type segment struct {
	File     string
	Duration float64 // seconds
}

func parseMPD(data []byte) (mpd, error) {
	var doc mpd
	if err := xml.Unmarshal(data, &doc); err != nil {
		return mpd{}, fmt.Errorf("dash manifest: %w", err)
	}
	return doc, nil
}

// tracks flattens the manifest; prefix goes before each track's id (a
// muxer's, see layout.go). ffmpeg writes one period.
func (m mpd) tracks(prefix string) []track {
	var out []track
	for _, period := range m.Periods {
		for _, set := range period.AdaptationSets {
			for _, rep := range set.Representations {
				out = append(out, rep.track(set, prefix))
			}
		}
	}
	return out
}

func (r mpdRepresentation) track(set mpdAdaptationSet, prefix string) track {
	t := track{
		ID: prefix + r.ID, Video: set.ContentType == "video", Codecs: r.Codecs, Bandwidth: r.Bandwidth,
		Width: r.Width, Height: r.Height, FrameRate: set.FrameRate, Channels: r.Channels.Value,
		Init: expandTemplate(r.Template.Initialization, r.ID, 0),
	}
	number := r.Template.StartNumber
	timescale := float64(max(1, r.Template.Timescale))
	for _, s := range r.Template.Timeline {
		for range s.Repeat + 1 { // r counts repeats after the first
			t.Segments = append(t.Segments, segment{
				File:     expandTemplate(r.Template.Media, r.ID, number),
				Duration: float64(s.Duration) / timescale,
			})
			number++
		}
	}
	return t
}

var numberPattern = regexp.MustCompile(`\$Number(%0(\d+)d)?\$`)

// expandTemplate fills in a DASH segment template: $RepresentationID$,
// $Number$ and $Number%0Nd$ are all ffmpeg writes.
func expandTemplate(template, id string, number int) string {
	out := strings.ReplaceAll(template, "$RepresentationID$", id)
	out = numberPattern.ReplaceAllStringFunc(out, func(match string) string {
		width, _ := strconv.Atoi(numberPattern.FindStringSubmatch(match)[2])
		return fmt.Sprintf("%0*d", width, number)
	})
	return strings.ReplaceAll(out, "$$", "$")
}
