package outputs

import (
	"bufio"
	"bytes"
	"path"
	"regexp"
	"strings"

	"github.com/vidhost/vidhost/services/transcode/internal/media"
)

// playback follows the HLS playlists as they are stored and tells when a
// player can start: the master playlist is stored, and so is a playlist with
// at least one segment for every stream the master lists (each rendition's
// video, and the audio). Segments are stored before the playlists naming
// them, so a playlist that names a segment proves it is there.
type playback struct {
	playlists map[string][]byte
	ready     bool
}

// stored records a stored playlist; it returns true once, on the upload that
// makes the stream playable.
func (p *playback) stored(rel string, data []byte) bool {
	if p.ready || path.Ext(rel) != ".m3u8" {
		return false
	}
	p.playlists[rel] = data
	p.ready = p.playable()
	return p.ready
}

func (p *playback) playable() bool {
	master, ok := p.playlists[media.MasterPlaylist]
	if !ok {
		return false
	}
	streams := references(master)
	for _, stream := range streams {
		if !hasSegment(p.playlists[path.Join(path.Dir(media.MasterPlaylist), stream)]) {
			return false
		}
	}
	return len(streams) > 0
}

// uriAttribute is how EXT-X-MEDIA names a rendition's playlist.
var uriAttribute = regexp.MustCompile(`URI="([^"]+)"`)

// references lists the playlists a master playlist names: the URI lines of
// its variants and the URI attributes of its alternative renditions.
func references(master []byte) []string {
	var refs []string
	for _, line := range lines(master) {
		switch {
		case strings.HasPrefix(line, "#EXT-X-MEDIA:"):
			if m := uriAttribute.FindStringSubmatch(line); m != nil {
				refs = append(refs, m[1])
			}
		case !strings.HasPrefix(line, "#"):
			refs = append(refs, line)
		}
	}
	return refs
}

// hasSegment says a media playlist names at least one segment.
func hasSegment(playlist []byte) bool {
	for _, line := range lines(playlist) {
		if !strings.HasPrefix(line, "#") {
			return true
		}
	}
	return false
}

// lines are the non-empty lines of a playlist, trimmed.
func lines(data []byte) []string {
	var out []string
	scanner := bufio.NewScanner(bytes.NewReader(data))
	for scanner.Scan() {
		if line := strings.TrimSpace(scanner.Text()); line != "" {
			out = append(out, line)
		}
	}
	return out
}
