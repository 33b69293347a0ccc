package media

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// publisher follows the DASH manifests the job's muxers rewrite after
// every segment (the H.264 ladder's and, with AV1, the AV1 set's: see
// layout.go) and, for each new version, announces the new segments, writes
// the HLS playlists and the DASH manifest players read, and announces
// them, in an order that keeps every announced playlist pointing at
// announced segments only. The two ffmpeg runs call it from their own
// goroutines; it publishes one call at a time.
type publisher struct {
	mu        sync.Mutex
	outDir    string
	muxers    []*muxerState
	variants  []variant
	spherical *Spherical
	onFile    func(File)
	// size is a segment's size, for the measured bitrates: the file's
	// under outDir, or, at a distributed stitch, the stored one's (the
	// segments stay where the units stored them).
	size func(rel string) (int64, error)
	// fetchInit, if set, brings an init segment stored by another worker
	// to outDir before it is announced (a distributed stitch).
	fetchInit func(rel string) error
	published map[string]int       // segments announced per track
	rates     map[string]*bitrates // measured per track
	written   map[string][]byte    // last content of each playlist we wrote
	playable  chan struct{}        // closed once the master playlist names the H.264 set, or its run is done
}

// muxerState is what the publisher last read of one muxer's manifest.
type muxerState struct {
	muxerLayout
	data   []byte  // the version of its manifest last published
	tracks []track // its representations, ids prefixed
	done   bool    // its ffmpeg run has finished: its playlists are VOD
}

func newPublisher(p plan, onFile func(File)) *publisher {
	pub := &publisher{
		outDir: p.outDir, spherical: p.video.Spherical, onFile: onFile,
		muxers:    []*muxerState{{muxerLayout: h264Muxer}},
		published: map[string]int{}, rates: map[string]*bitrates{}, written: map[string][]byte{},
		playable: make(chan struct{}),
	}
	pub.size = pub.localSize
	for i, r := range p.renditions {
		pub.variants = append(pub.variants, p.variant(h264Muxer.prefix+strconv.Itoa(i), r))
	}
	if len(p.av1) > 0 {
		pub.muxers = append(pub.muxers, &muxerState{muxerLayout: av1Muxer})
	}
	for j, r := range p.av1 { // after H.264: a player that ignores CODECS starts on what every device plays
		v := p.variant(av1Muxer.prefix+strconv.Itoa(j), r)
		v.set = av1Set
		pub.variants = append(pub.variants, v)
	}
	return pub
}

// variant is the master playlist entry of rendition r, whose video is the
// track video. The DASH muxers name representations by output stream
// index: the H.264 ladder's audio streams follow its video ones.
func (p plan) variant(video string, r Rendition) variant {
	v := variant{video: video}
	if audio := p.audioStream(r); audio >= 0 {
		v.audio = h264Muxer.prefix + strconv.Itoa(audio)
	}
	return v
}

// syncer is sync for muxer m, as encodeRun calls it.
func (p *publisher) syncer(m muxerLayout) func(final bool) error {
	return func(final bool) error { return p.sync(m, final) }
}

// sync publishes what is new in muxer m's manifest since the last call.
// final says its ffmpeg run has finished: its playlists become VOD, and
// once every muxer's has, the master playlist and the DASH manifest are
// final too.
func (p *publisher) sync(m muxerLayout, final bool) error {
	p.mu.Lock()
	defer p.mu.Unlock()
	state := p.muxers[slices.IndexFunc(p.muxers, func(s *muxerState) bool { return s.muxerLayout == m })]
	changed, err := p.read(state, final)
	if err != nil || !changed {
		return err
	}
	for _, t := range state.tracks {
		if err := p.publishSegments(t); err != nil {
			return err
		}
	}
	for _, t := range state.tracks {
		if err := p.writePlaylist(mediaPlaylistPath(t.ID), mediaPlaylist(t, state.done)); err != nil {
			return err
		}
	}
	done := p.done()
	tracks := map[string]track{}
	for _, s := range p.muxers {
		for _, t := range s.tracks {
			tracks[t.ID] = t
		}
	}
	if listed := p.listed(done); len(listed) > 0 {
		if err := p.writePlaylist(MasterPlaylist, masterPlaylist(tracks, listed, p.measured())); err != nil {
			return err
		}
		p.markPlayable()
	}
	if p.muxers[0].done {
		p.markPlayable() // nothing more will come of it
	}
	return p.writeManifest(done)
}

// markPlayable closes playable once.
func (p *publisher) markPlayable() {
	select {
	case <-p.playable:
	default:
		close(p.playable)
	}
}

// read takes in a new version of a muxer's manifest; false when there is
// none yet, or nothing changed.
func (p *publisher) read(state *muxerState, final bool) (bool, error) {
	data, err := os.ReadFile(filepath.Join(p.outDir, state.manifestPath))
	if errors.Is(err, fs.ErrNotExist) && !final {
		return false, nil // the first segments are not done yet
	}
	if err != nil || !final && bytes.Equal(data, state.data) {
		return false, err
	}
	doc, err := parseMPD(data)
	if err != nil {
		return false, err
	}
	state.data, state.tracks, state.done = data, doc.tracks(state.prefix), final
	return true, nil
}

func (p *publisher) done() bool {
	for _, s := range p.muxers {
		if !s.done {
			return false
		}
	}
	return true
}

// writeManifest writes the DASH manifest players read: while encoding the
// H.264 ladder's as its muxer wrote it (catalog lists DASH only once the
// job is done), at the end every muxer's sets in one (mergeMPD).
func (p *publisher) writeManifest(done bool) error {
	manifest := p.muxers[0].data
	if done && len(p.muxers) > 1 {
		var err error
		if manifest, err = mergeMPD(manifest, p.muxers[1:]); err != nil {
			return err
		}
	}
	if manifest == nil {
		return nil
	}
	return p.writePlaylist(DASHManifest, manifest)
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
		if p.fetchInit != nil {
			if err := p.fetchInit(path.Join(StreamDir, t.Init)); err != nil {
				return err
			}
		}
		if t.Video && p.spherical != nil {
			if err := markSpherical(filepath.Join(p.outDir, StreamDir, t.Init), sampleEntry(t.Codecs), *p.spherical); err != nil {
				return err
			}
		}
		p.announce(path.Join(StreamDir, t.Init), KindSegment)
		p.rates[t.ID] = &bitrates{}
	}
	for _, s := range t.Segments[min(done, len(t.Segments)):] {
		size, err := p.size(path.Join(StreamDir, s.File))
		if err != nil {
			return err
		}
		p.rates[t.ID].add(size, s.Duration)
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

// localSize is the size of the file rel under outDir.
func (p *publisher) localSize(rel string) (int64, error) {
	info, err := os.Stat(filepath.Join(p.outDir, filepath.FromSlash(rel)))
	if err != nil {
		return 0, err
	}
	return info.Size(), nil
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
