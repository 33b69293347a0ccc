package media

import (
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// PlanVersion names the encoding Planned.Record is written in, and what
// its units mean. A worker that receives another (a newer worker planned
// during a rolling deploy) must not run the chunk from a plan it would
// read differently. 2: an audio unit encodes one audio bitrate (its
// index), where in 1 it encoded all of them, so a worker of 1 would run a
// unit of 2 as the whole audio and record it under a key its plan has
// not. Format came with 2 but needs no version of its own: it changes how
// a unit reads its source, never what it encodes, and a worker reading a
// record without it copies the source whole.
const PlanVersion = 2

// ErrPlanVersion is a plan record of another PlanVersion.
var ErrPlanVersion = errors.New("media: the plan record is of another version")

// planRecord is what another worker needs of a plan to run one of its
// chunks exactly as this one would (chunk_run.go): the ladder decision and
// the source's streams, but no paths (each worker has its own) and no clip
// (clips are never chunked).
type planRecord struct {
	Version       int               `json:"version"`
	Format        string            `json:"format,omitempty"` // the source's container: whether a unit may read it by range (ReadsByRange)
	Length        time.Duration     `json:"length"`
	BitRate       int64             `json:"bit_rate"`
	Video         VideoStream       `json:"video"`
	Audio         *AudioStream      `json:"audio,omitempty"`
	Renditions    []renditionRecord `json:"renditions"`
	AudioBitrates []int             `json:"audio_bitrates,omitempty"`
	Download      int               `json:"download"`
	WithAV1       bool              `json:"with_av1,omitempty"`
	AV1           []renditionRecord `json:"av1,omitempty"`
	AV1CRF        int               `json:"av1_crf,omitempty"`
	AV1Share      int               `json:"av1_share,omitempty"`
	AV1Skip       string            `json:"av1_skip,omitempty"`
}

// renditionRecord is a Rendition with its rung apart: Rendition embeds
// Rung, and both have a Height (the rung's short side, the frame's
// height), so JSON of a Rendition would keep the frame's and drop the
// rung's.
type renditionRecord struct {
	Rung          Rung `json:"rung"`
	Width, Height int
}

func renditionRecords(renditions []Rendition) []renditionRecord {
	out := make([]renditionRecord, 0, len(renditions))
	for _, r := range renditions {
		out = append(out, renditionRecord{Rung: r.Rung, Width: r.Width, Height: r.Height})
	}
	return out
}

func renditionsOf(records []renditionRecord) []Rendition {
	if records == nil {
		return nil
	}
	out := make([]Rendition, 0, len(records))
	for _, r := range records {
		out = append(out, Rendition{Rung: r.Rung, Width: r.Width, Height: r.Height})
	}
	return out
}

// marshalPlan encodes p's decisions for another worker.
func marshalPlan(p plan) ([]byte, error) {
	if p.clip != nil || p.chunk != nil {
		return nil, errors.New("media: only a whole output's plan is recorded")
	}
	return json.Marshal(planRecord{
		Version: PlanVersion, Format: p.format, Length: p.length, BitRate: p.bitRate, Video: p.video, Audio: p.audio,
		Renditions: renditionRecords(p.renditions), AudioBitrates: p.audioBitrates, Download: p.download,
		WithAV1: p.withAV1, AV1: renditionRecords(p.av1), AV1CRF: p.av1Rate.crf, AV1Share: p.av1Rate.share, AV1Skip: p.av1Rate.skip,
	})
}

// unmarshalPlan is the plan marshalPlan recorded, reading source (a local
// path, or a loopback URL for a container that ReadsByRange) and writing
// under outDir.
func unmarshalPlan(data []byte, source, outDir string) (plan, error) {
	var r planRecord
	if err := json.Unmarshal(data, &r); err != nil {
		return plan{}, fmt.Errorf("media: plan record: %w", err)
	}
	if r.Version != PlanVersion {
		return plan{}, fmt.Errorf("%w: %d, this worker reads %d", ErrPlanVersion, r.Version, PlanVersion)
	}
	if len(r.Renditions) == 0 || r.Download < 0 || r.Download >= len(r.Renditions) {
		return plan{}, errors.New("media: plan record names no download among its renditions")
	}
	if servedOverHTTP(source) && rangedDemuxer(r.Format) == "" {
		return plan{}, fmt.Errorf("media: a source in %q is read from a local copy, not by range", r.Format)
	}
	return plan{
		source: source, format: r.Format, outDir: outDir, length: r.Length, bitRate: r.BitRate, video: r.Video, audio: r.Audio,
		renditions: renditionsOf(r.Renditions), audioBitrates: r.AudioBitrates, download: r.Download,
		withAV1: r.WithAV1, av1: renditionsOf(r.AV1), av1Rate: av1Rate{crf: r.AV1CRF, share: r.AV1Share, skip: r.AV1Skip},
	}, nil
}
