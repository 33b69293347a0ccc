package media

import (
	"encoding/xml"
	"os"
	"path/filepath"
	"strconv"
)

// runOutput is what one run of a chunked job (a chunk's, or an audio run's)
// wrote under its own directory, and the names its files take in the
// job's stream/: the names a one-process run gives them.
type runOutput struct {
	dir         string      // the run's plan's outDir
	muxer       muxerLayout // whose names its files have
	firstID     int         // its representation 0 becomes this one
	firstSet    int         // its adaptation set 0 becomes this one
	firstNumber int         // its segment 1 becomes this number
	keepInit    bool        // its init segments move too; else they are left (another run's are the same)
}

// chunkOutput is where chunk run cp's segments go. Its muxer numbers them
// from 1; they continue the numbering of the chunks before it, from the
// number the plan gave its first segment (planChunks). Every chunk writes
// the same init segments (dashOptions: frag_discont), so the first chunk's
// are kept.
func chunkOutput(cp plan, m muxerLayout) runOutput {
	return runOutput{dir: cp.outDir, muxer: m, firstNumber: cp.chunk.FirstSegment, keepInit: cp.chunk.Index == 0}
}

// audioOutput is where audio run k's segments go: its representation is
// the k-th audio one, after the video's, and its adaptation set follows
// the video's, as a one-process run's audio streams follow its video
// streams (plan.audioStream).
func audioOutput(ap plan, k int) runOutput {
	return runOutput{dir: ap.outDir, muxer: h264Muxer, firstID: len(ap.renditions) + k, firstSet: 1, firstNumber: 1, keepInit: true}
}

// collect moves a finished run's segments into outDir's stream/ under
// their final names, and rewrites the run's manifest, left where the run
// wrote it, to name them: the run's record for the stitch (stitchMPD).
// Renaming is what lets a chunk's files be the very files a one-process
// run writes: ffmpeg's DASH muxer always numbers from 1.
func collect(outDir string, out runOutput) error {
	manifest := filepath.Join(out.dir, out.muxer.manifestPath)
	data, err := os.ReadFile(manifest) //nolint:gosec // G304: the manifest a run of this job wrote, in its own directory
	if err != nil {
		return err
	}
	doc, err := parseMPD(data)
	if err != nil {
		return err
	}
	for _, rep := range doc.representations() {
		if err := out.move(outDir, rep); err != nil {
			return err
		}
	}
	renamed, err := rewriteMPD(data, out.rename)
	if err != nil {
		return err
	}
	return writeFileAtomic(manifest, renamed)
}

// move renames one representation's files into outDir's stream/.
func (out runOutput) move(outDir string, rep mpdRepresentation) error {
	id, err := strconv.Atoi(rep.ID)
	if err != nil {
		return err
	}
	final := strconv.Itoa(id + out.firstID)
	from, to := filepath.Join(out.dir, StreamDir), filepath.Join(outDir, StreamDir)
	names := rep.Template
	if out.keepInit {
		if err := os.Rename(filepath.Join(from, expandTemplate(names.Initialization, rep.ID, 0)), filepath.Join(to, expandTemplate(names.Initialization, final, 0))); err != nil {
			return err
		}
	}
	for i := range len(rep.timedSegments()) {
		own := expandTemplate(names.Media, rep.ID, names.StartNumber+i)
		if err := os.Rename(filepath.Join(from, own), filepath.Join(to, expandTemplate(names.Media, final, out.firstNumber+i))); err != nil {
			return err
		}
	}
	return nil
}

// rename is the manifest's side of move.
func (out runOutput) rename(t *xml.StartElement) {
	switch t.Name.Local {
	case "AdaptationSet":
		setAttr(t, "id", plus(out.firstSet))
	case "Representation":
		setAttr(t, "id", plus(out.firstID))
	case "SegmentTemplate":
		setAttr(t, "startNumber", func(string) string { return strconv.Itoa(out.firstNumber) })
	}
}

// plus adds n to a number held in an attribute.
func plus(n int) func(string) string {
	return func(value string) string {
		number, err := strconv.Atoi(value)
		if err != nil {
			return value
		}
		return strconv.Itoa(number + n)
	}
}
