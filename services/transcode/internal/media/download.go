package media

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
)

// remuxDownload makes the progressive MP4 of a chunked job from the
// streamed segments of the download rendition and of its audio: a track's
// init segment followed by its media segments is a fragmented MP4 on the
// job's one timeline, and ffmpeg copies both into one faststart file
// without encoding (remuxArgs, as for a live clip). The alternative, an MP4
// per chunk joined by the concat demuxer, would need each chunk to write
// one more file, and would place every chunk by the durations of the files
// before it rather than by the timestamps the segments carry.
func (t *Transcoder) remuxDownload(ctx context.Context, p plan) error {
	tracks, err := downloadTracks(p)
	if err != nil {
		return err
	}
	var joined []string
	for _, tr := range tracks {
		file := filepath.Join(p.outDir, chunksDir, "download-"+tr.ID+".mp4")
		defer os.Remove(file) //nolint:errcheck // scratch: a copy of the track, removed as soon as it is remuxed
		if _, err := joinTrack(filepath.Join(p.outDir, StreamDir), tr, file); err != nil {
			return err
		}
		joined = append(joined, file)
	}
	download := p.renditions[p.download]
	args := remuxArgs(filepath.Join(p.outDir, mp4Path(download.Name)), p.video.Spherical != nil, joined...)
	return runTool(ctx, t.cfg.FFmpeg, args, discardStdout)
}

// downloadTracks are the tracks the MP4 is remuxed from, as the stitched
// H.264 manifest under p.outDir names them: the download rendition's
// video and, if it has any, its audio.
func downloadTracks(p plan) ([]track, error) {
	data, err := os.ReadFile(filepath.Join(p.outDir, h264Muxer.manifestPath))
	if err != nil {
		return nil, err
	}
	doc, err := parseMPD(data)
	if err != nil {
		return nil, err
	}
	byID := map[string]track{}
	for _, tr := range doc.tracks(h264Muxer.prefix) {
		byID[tr.ID] = tr
	}
	ids := []string{strconv.Itoa(p.download)}
	if audio := p.audioStream(p.renditions[p.download]); audio >= 0 {
		ids = append(ids, strconv.Itoa(audio))
	}
	tracks := make([]track, 0, len(ids))
	for _, id := range ids {
		tr, ok := byID[id]
		if !ok {
			return nil, fmt.Errorf("dash manifest: no track %q", id)
		}
		tracks = append(tracks, tr)
	}
	return tracks, nil
}

// joinTrack writes a track's init segment and its media segments, in
// order, from dir (a stream/ directory) into one file, dest: a fragmented
// MP4 of the whole track. It returns the bytes written.
func joinTrack(dir string, tr track, dest string) (int64, error) {
	if tr.Init == "" {
		return 0, fmt.Errorf("dash manifest: no track %q", tr.ID)
	}
	out, err := os.Create(dest) //nolint:gosec // G304: dest is under the job's own directory
	if err != nil {
		return 0, err
	}
	defer out.Close()
	var size int64
	for _, name := range append([]string{tr.Init}, segmentFiles(tr)...) {
		n, err := appendFile(out, filepath.Join(dir, name))
		if err != nil {
			return 0, err
		}
		size += n
	}
	return size, out.Close()
}

func segmentFiles(tr track) []string {
	names := make([]string, len(tr.Segments))
	for i, s := range tr.Segments {
		names[i] = s.File
	}
	return names
}

func appendFile(out io.Writer, name string) (int64, error) {
	in, err := os.Open(name) //nolint:gosec // G304: a segment the manifest names, in the job's own directory
	if err != nil {
		return 0, err
	}
	defer in.Close()
	return io.Copy(out, in)
}
