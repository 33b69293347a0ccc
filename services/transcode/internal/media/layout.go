package media

import (
	"os"
	"path"
	"path/filepath"
	"strconv"
)

// The output directory of a job, paths relative to Job.OutDir. Segments are
// CMAF (fMP4) and shared by both manifests, so the streaming files live in
// one directory:
//
//	stream/manifest.mpd            DASH manifest (dynamic while encoding, static at the end)
//	stream/dash-<codec>.mpd        a DASH muxer's own manifest, which the publisher reads (never uploaded)
//	stream/master.m3u8             HLS master playlist
//	stream/playlist_<id>.m3u8      HLS media playlist of representation <id>
//	stream/init-<id>.m4s           CMAF header of representation <id>
//	stream/seg-<id>-<00001>.m4s    2-second CMAF segments
//	stream/init-av1-<n>.m4s        the AV1 variant set's, from a run of its own (av1.go)
//	stream/seg-av1-<n>-<00001>.m4s
//	mp4/<rendition>.mp4            progressive download, e.g. mp4/720p.mp4
//	thumbs/thumbnail.jpg           a frame at the source's size
//	thumbs/sprite.jpg              seek previews, 160x90 tiles in a grid
//	thumbs/sprite.vtt              WebVTT cues pointing into the sprite (#xywh=)
//	chunks/<k>/stream/             chunk k's run of a chunked job (chunk_run.go): its muxers'
//	                               manifests, kept as the chunk's record for the stitch; its
//	                               segments move to stream/ under the names above (collect.go)
//	chunks/audio-<k>/stream/       the same for audio run k of a chunked job (its k-th audio bitrate)
//	chunks/download-<id>.mp4       a track's segments joined, which the MP4 is remuxed from
//
// Nothing under chunks/ is announced: it is scratch space of the job.
const (
	StreamDir       = "stream"
	DASHManifest    = "stream/manifest.mpd"
	MasterPlaylist  = "stream/master.m3u8"
	MP4Dir          = "mp4"
	ThumbsDir       = "thumbs"
	ThumbnailFile   = "thumbs/thumbnail.jpg"
	SpriteFile      = "thumbs/sprite.jpg"
	SpriteIndexFile = "thumbs/sprite.vtt"
	// ChunksDir holds a chunked job's runs; what a distributed unit keeps
	// of it is its records (the *.mpd files), stored where players never
	// look (blob.PlanPrefix).
	ChunksDir = "chunks"
)

// Scratch space of a chunked job, under the job's OutDir (see above).
const chunksDir = ChunksDir

// chunkDir is where chunk i's run writes.
func chunkDir(i int) string {
	return path.Join(chunksDir, strconv.Itoa(i))
}

// audioRunDir is where audio run k writes.
func audioRunDir(k int) string {
	return path.Join(chunksDir, "audio-"+strconv.Itoa(k))
}

// A job's DASH muxers: the H.264 ladder's and, for Job.AV1, the AV1 set's
// in an ffmpeg run of its own. Each writes its own manifest; the publisher
// makes the one players read (publish.go). The AV1 muxer numbers its
// representations from 0 too, so its files and the ids the publisher gives
// its tracks carry the set's name.
var (
	h264Muxer = muxerLayout{manifestPath: "stream/dash-h264.mpd", prefix: ""}
	av1Muxer  = muxerLayout{manifestPath: "stream/dash-av1.mpd", prefix: "av1-"}
)

// muxerLayout is where one DASH muxer writes.
type muxerLayout struct {
	manifestPath string // relative to Job.OutDir
	prefix       string // of its file names and of its track ids
}

// CMAF file name templates, in the DASH muxer's own syntax.
func (m muxerLayout) initSegmentTemplate() string {
	return "init-" + m.prefix + "$RepresentationID$.m4s"
}

func (m muxerLayout) mediaSegmentTemplate() string {
	return "seg-" + m.prefix + "$RepresentationID$-$Number%05d$.m4s"
}

// mediaPlaylistPath is where the HLS playlist of a representation goes.
func mediaPlaylistPath(representationID string) string {
	return path.Join(StreamDir, "playlist_"+representationID+".m3u8")
}

// mp4Path is where the progressive download of a rendition goes.
func mp4Path(rendition string) string {
	return path.Join(MP4Dir, rendition+".mp4")
}

// prepareOutDir empties and creates the output directories. A redelivered
// job starts clean: the publisher must never mistake the manifest of an
// earlier attempt for the one this run is writing.
func prepareOutDir(outDir string) error {
	for _, dir := range []string{StreamDir, MP4Dir, ThumbsDir, chunksDir} {
		path := filepath.Join(outDir, dir)
		if err := os.RemoveAll(path); err != nil {
			return err
		}
		if err := os.MkdirAll(path, 0o750); err != nil {
			return err
		}
	}
	return nil
}
