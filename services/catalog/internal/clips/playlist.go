package clips

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// mediaPlaylist is what a clip needs of one variant's live playlist.
type mediaPlaylist struct {
	init     string
	segments []segment
}

// segment is one entry of a live playlist.
type segment struct {
	sequence int // the media sequence number: EXT-X-MEDIA-SEQUENCE plus its place
	name     string
	duration float64   // EXTINF, seconds
	date     time.Time // EXT-X-PROGRAM-DATE-TIME; zero when absent
}

// variantURIs are the variant playlists a master playlist names, in order.
func variantURIs(master string) []string {
	var uris []string
	for line := range strings.Lines(master) {
		if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
			uris = append(uris, line)
		}
	}
	return uris
}

// parseMedia reads a live media playlist as ffmpeg's HLS muxer writes it.
// A segment's tags precede its URI in any order (ffmpeg puts
// EXT-X-PROGRAM-DATE-TIME after EXTINF).
func parseMedia(body string) (mediaPlaylist, error) {
	var p mediaPlaylist
	sequence := 0
	var next segment
	for line := range strings.Lines(body) {
		line = strings.TrimSpace(line)
		var err error
		switch {
		case line == "":
		case strings.HasPrefix(line, "#EXT-X-MEDIA-SEQUENCE:"):
			sequence, err = strconv.Atoi(strings.TrimPrefix(line, "#EXT-X-MEDIA-SEQUENCE:"))
		case strings.HasPrefix(line, "#EXT-X-MAP:"):
			p.init, err = mapURI(line)
		case strings.HasPrefix(line, "#EXTINF:"):
			duration, _, _ := strings.Cut(strings.TrimPrefix(line, "#EXTINF:"), ",")
			next.duration, err = strconv.ParseFloat(duration, 64)
		case strings.HasPrefix(line, "#EXT-X-PROGRAM-DATE-TIME:"):
			next.date, err = parseDate(strings.TrimPrefix(line, "#EXT-X-PROGRAM-DATE-TIME:"))
		case !strings.HasPrefix(line, "#"):
			next.name, next.sequence = line, sequence+len(p.segments)
			p.segments = append(p.segments, next)
			next = segment{}
		}
		if err != nil {
			return mediaPlaylist{}, fmt.Errorf("clips: live playlist line %q: %w", line, err)
		}
	}
	if p.init == "" || len(p.segments) == 0 {
		return mediaPlaylist{}, fmt.Errorf("clips: live playlist without an init segment or segments")
	}
	return p, nil
}

// mapURI is the URI of an EXT-X-MAP tag.
func mapURI(line string) (string, error) {
	_, rest, ok := strings.Cut(line, `URI="`)
	uri, _, closed := strings.Cut(rest, `"`)
	if !ok || !closed || uri == "" {
		return "", fmt.Errorf("no URI")
	}
	return uri, nil
}

// parseDate reads an ISO 8601 date as ffmpeg writes it
// (2006-01-02T15:04:05.000+0000) or with a colon in the offset.
func parseDate(text string) (time.Time, error) {
	for _, layout := range []string{"2006-01-02T15:04:05.999999999-0700", time.RFC3339Nano} {
		if t, err := time.Parse(layout, text); err == nil {
			return t, nil
		}
	}
	return time.Time{}, fmt.Errorf("not a date")
}
