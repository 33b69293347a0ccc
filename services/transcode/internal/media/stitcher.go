package media

import (
	"os"
	"path/filepath"
	"sync"
)

// stitcher publishes the segments of a chunked job as if one run had
// written them. Once the audio is done, each time the chunks done from the
// first on grow, it writes each muxer's manifest from theirs (stitchMPD)
// where the one-process ladder's muxer writes it, and the publisher takes
// it from there as from a muxer: segments announced, HLS playlists (EVENT,
// growing with the chunks, VOD after the last), the master, the DASH
// manifest. Chunks done out of order wait for the ones before them.
type stitcher struct {
	mu        sync.Mutex
	p         plan
	pub       *publisher
	done      []bool
	audio     bool                // the audio runs' segments are in stream/ (true without audio)
	joined    int                 // chunks published so far
	manifests map[string][][]byte // collected chunk manifests read so far, by muxer manifest
	// audioManifest is the audio runs' manifests joined, once read.
	audioManifest []byte
}

func newStitcher(p plan, chunks int, pub *publisher) *stitcher {
	return &stitcher{p: p, pub: pub, done: make([]bool, chunks), audio: p.audio == nil, manifests: map[string][][]byte{}}
}

func (s *stitcher) chunkDone(i int) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.done[i] = true
	return s.publish()
}

func (s *stitcher) audioDone() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.audio = true
	return s.publish()
}

// publish stitches and publishes the chunks done from the first on, when
// there are more of them than last time.
func (s *stitcher) publish() error {
	n := s.joined
	for n < len(s.done) && s.done[n] {
		n++
	}
	if !s.audio || n == s.joined {
		return nil
	}
	s.joined = n
	for _, m := range s.muxers() {
		if err := s.stitch(m, n); err != nil {
			return err
		}
		if err := s.pub.sync(m, n == len(s.done)); err != nil {
			return err
		}
	}
	return nil
}

// muxers are the muxers whose manifests the chunks write.
func (s *stitcher) muxers() []muxerLayout {
	if len(s.p.av1) > 0 {
		return []muxerLayout{h264Muxer, av1Muxer}
	}
	return []muxerLayout{h264Muxer}
}

// stitch writes muxer m's manifest from the first n chunks' (and, for the
// H.264 one, the audio runs').
func (s *stitcher) stitch(m muxerLayout, n int) error {
	chunks := s.manifests[m.manifestPath]
	for i := len(chunks); i < n; i++ {
		data, err := os.ReadFile(filepath.Join(s.p.outDir, chunkDir(i), m.manifestPath))
		if err != nil {
			return err
		}
		chunks = append(chunks, data)
	}
	s.manifests[m.manifestPath] = chunks
	var others [][]byte
	if m == h264Muxer && len(s.p.audioBitrates) > 0 {
		audio, err := s.joinedAudio(m)
		if err != nil {
			return err
		}
		others = append(others, audio)
	}
	stitched, err := stitchMPD(chunks[:n], others)
	if err != nil {
		return err
	}
	return writeFileAtomic(filepath.Join(s.p.outDir, m.manifestPath), stitched)
}

// joinedAudio is the manifest of the audio runs, joined as one run of every
// bitrate would have written it (joinAudioRuns). Read once: the runs are
// done before any chunk is stitched.
func (s *stitcher) joinedAudio(m muxerLayout) ([]byte, error) {
	if s.audioManifest != nil {
		return s.audioManifest, nil
	}
	var runs [][]byte
	for k := range s.p.audioBitrates {
		data, err := os.ReadFile(filepath.Join(s.p.outDir, audioRunDir(k), m.manifestPath))
		if err != nil {
			return nil, err
		}
		runs = append(runs, data)
	}
	joined, err := joinAudioRuns(runs)
	s.audioManifest = joined
	return joined, err
}
