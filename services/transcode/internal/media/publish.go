package media

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
)

// publisher follows the DASH manifest ffmpeg rewrites after every segment
// and, for each new version, announces the new segments, writes the HLS
// playlists derived from it and announces them, in an order that keeps
// every announced playlist pointing at announced segments only.
type publisher struct {
	outDir    string
	variants  []variant
	spherical *Spherical
	onFile    func(File)
	manifest  []byte               // the version last published
	published map[string]int       // segments announced per track
	rates     map[string]*bitrates // measured per track
	written   map[string][]byte    // last content of each playlist we wrote
}

func newPublisher(p plan, onFile func(File)) *publisher {
	pub := &publisher{
		outDir: p.outDir, spherical: p.video.Spherical, onFile: onFile,
		published: map[string]int{}, rates: map[string]*bitrates{}, written: map[string][]byte{},
	}
	for i, r := range p.renditions {
		pub.variants = append(pub.variants, p.variant(i, r))
	}
	for j, r := range p.av1 { // after H.264: a player that ignores CODECS starts on what every device plays
		v := p.variant(p.av1Stream(j), r)
		v.set = av1Set
		pub.variants = append(pub.variants, v)
	}
	return pub
}

// variant is the master playlist entry of rendition r encoded as output
// stream stream. The DASH muxer names representations by stream index.
func (p plan) variant(stream int, r Rendition) variant {
	v := variant{video: strconv.Itoa(stream)}
	if audio := p.audioStream(r); audio >= 0 {
		v.audio = strconv.Itoa(audio)
	}
	return v
}

// sync publishes what is new since the last call. final says ffmpeg has
// finished: the playlists become VOD.
func (p *publisher) sync(final bool) error {
	data, err := os.ReadFile(filepath.Join(p.outDir, DASHManifest))
	if errors.Is(err, fs.ErrNotExist) && !final {
		return nil // the first segments are not done yet
	}
	if err != nil || !final && bytes.Equal(data, p.manifest) {
		return err
	}
	doc, err := parseMPD(data)
	if err != nil {
		return err
	}
	p.manifest = data
	tracks := map[string]track{}
	for _, t := range doc.tracks() {
		tracks[t.ID] = t
		if err := p.publishSegments(t); err != nil {
			return err
		}
	}
	for _, t := range tracks {
		if err := p.writePlaylist(mediaPlaylistPath(t.ID), mediaPlaylist(t, final)); err != nil {
			return err
		}
	}
	if listed := p.listed(final); len(listed) > 0 {
		if err := p.writePlaylist(MasterPlaylist, masterPlaylist(tracks, listed, p.measured())); err != nil {
			return err
		}
	}
	p.announce(DASHManifest, KindPlaylist)
	return nil
}

// The variant sets: one per codec.
const (
	h264Set = iota
	av1Set
)

// listed are the variants the master playlist names. While ffmpeg encodes,
// a codec's set joins once each of its variants has a segment of its video
// and of its audio, all of them at once: a player reads the master playlist
// once, so one that started early keeps the whole H.264 ladder, and the AV1
// set, whose encoder's lookahead holds back its first segments by seconds,
// does not hold back the first playable segment (the worker waits for a
// segment of every stream the master names: outputs/playable.go). Players
// that open the video later find both. At the end every variant is listed.
func (p *publisher) listed(final bool) []variant {
	if final {
		return p.variants
	}
	complete := map[int]bool{h264Set: true, av1Set: true}
	for _, v := range p.variants {
		if p.published[v.video] == 0 || v.audio != "" && p.published[v.audio] == 0 {
			complete[v.set] = false
		}
	}
	var listed []variant
	for _, v := range p.variants {
		if complete[v.set] {
			listed = append(listed, v)
		}
	}
	return listed
}

// publishSegments announces a track's init segment once (adding 360°
// metadata first, which the DASH muxer drops) and then its new segments.
func (p *publisher) publishSegments(t track) error {
	done, seen := p.published[t.ID]
	if !seen {
		if t.Video && p.spherical != nil {
			if err := markSpherical(filepath.Join(p.outDir, StreamDir, t.Init), sampleEntry(t.Codecs), *p.spherical); err != nil {
				return err
			}
		}
		p.announce(path.Join(StreamDir, t.Init), KindSegment)
		p.rates[t.ID] = &bitrates{}
	}
	for _, s := range t.Segments[min(done, len(t.Segments)):] {
		info, err := os.Stat(filepath.Join(p.outDir, StreamDir, s.File))
		if err != nil {
			return err
		}
		p.rates[t.ID].add(info.Size(), s.Duration)
		p.announce(path.Join(StreamDir, s.File), KindSegment)
	}
	p.published[t.ID] = len(t.Segments)
	return nil
}

// sampleEntry is the sample entry type a codecs string names: its first
// part, "avc1" of "avc1.4d401f", "av01" of "av01.0.08M.08".
func sampleEntry(codecs string) string {
	entry, _, _ := strings.Cut(codecs, ".")
	return entry
}

func (p *publisher) writePlaylist(rel string, content []byte) error {
	if bytes.Equal(p.written[rel], content) {
		return nil
	}
	if err := writeFileAtomic(filepath.Join(p.outDir, rel), content); err != nil {
		return err
	}
	p.written[rel] = content
	p.announce(rel, KindPlaylist)
	return nil
}

func (p *publisher) measured() map[string]bitrates {
	out := make(map[string]bitrates, len(p.rates))
	for id, rates := range p.rates {
		out[id] = *rates
	}
	return out
}

func (p *publisher) announce(rel string, kind FileKind) {
	if p.onFile != nil {
		p.onFile(File{Path: rel, Kind: kind})
	}
}
