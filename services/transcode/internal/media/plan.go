package media

import (
	"math"
	"slices"
	"time"
)

// segmentSeconds is the CMAF segment and GOP length: short enough to start
// playback quickly and switch rungs often, long enough to compress well.
const segmentSeconds = 2

// plan is everything the ladder's ffmpeg run is built from.
type plan struct {
	source        string // a local path, or a loopback URL serving it by range (rangedInputArgs)
	format        string // the source's container, ffprobe's format_name (Info.Format)
	outDir        string
	clip          *Clip
	chunk         *Chunk        // only this part of the output, for one chunk's run (forChunk), or nil
	length        time.Duration // of the output: the clip, or the whole source
	bitRate       int64         // of the source file, bits per second (0: unknown)
	video         VideoStream
	audio         *AudioStream // nil: a video-only ladder
	renditions    []Rendition  // output streams 0..len-1, highest first
	audioBitrates []int        // one AAC encode each; output streams follow the video
	download      int          // index of the rendition also written as MP4
	withAV1       bool         // Job.AV1
	av1           []Rendition  // Job.AV1: the renditions again in AV1, output streams after the audio
	av1Rate       av1Rate      // how av1 is encoded (or why not): av1Fixed, or the adaptive decision's
}

func newPlan(info Info, job Job, ladder []Rung) (plan, error) {
	p := plan{source: job.Source, format: info.Format, outDir: job.OutDir, length: info.Duration, bitRate: info.BitRate, video: *info.Video, audio: info.Audio, withAV1: job.AV1, av1Rate: av1Fixed}
	if job.Clip != nil {
		clip := *job.Clip
		if clip.Start >= info.Duration {
			return plan{}, rejectf("clip starts at %s, after the source ends (%s)", Timecode(clip.Start), Timecode(info.Duration))
		}
		clip.End = min(clip.End, info.Duration)
		p.clip, p.length = &clip, clip.Length()
	}
	p.setRenditions(SelectRenditions(ladder, p.video.Width, p.video.Height))
	return p, nil
}

// setRenditions makes renditions the ladder's output streams, with the audio
// encodes and the MP4 that follow from them (the adaptive decision may drop
// rungs after the plan is made).
func (p *plan) setRenditions(renditions []Rendition) {
	p.renditions, p.audioBitrates = renditions, nil
	if p.audio != nil {
		for _, r := range p.renditions {
			if !slices.Contains(p.audioBitrates, r.AudioBitrate) {
				p.audioBitrates = append(p.audioBitrates, r.AudioBitrate)
			}
		}
	}
	p.download = downloadRendition(p.renditions)
	p.av1 = nil
	if p.withAV1 && p.av1Rate.encodes() {
		p.av1 = av1Renditions(p.renditions, p.av1Rate)
	}
}

// forChunk is the plan of chunk c's run, writing under dir: the same
// renditions at the same rates (the ladder decision is made once, for the
// whole output, before the split), video only: the audio is encoded once
// for the whole output (audioRunArgs), where chunks would each prime the
// AAC encoder anew and leave a gap at every edge.
func (p plan) forChunk(c Chunk, dir string) plan {
	p.chunk, p.outDir = &c, dir
	p.audio, p.audioBitrates = nil, nil
	return p
}

// forAudio is the plan of audio run k of a chunked job, writing under
// dir: the whole output, with the ladder's encode of its k-th audio
// bitrate alone (audioRunArgs).
func (p plan) forAudio(dir string, k int) plan {
	p.outDir = dir
	p.audioBitrates = []int{p.audioBitrates[k]}
	return p
}

// runStart and runLength are the part of the output one run of the plan
// writes: a chunk, or all of it.
func (p plan) runStart() time.Duration {
	if p.chunk == nil {
		return 0
	}
	return p.chunk.Start
}

func (p plan) runLength() time.Duration {
	if p.chunk == nil {
		return p.length
	}
	return p.chunk.Length()
}

// reached is how far into its part of the output a run has got. A chunk
// keeps the source's timestamps (-copyts), under which ffmpeg counts
// out_time from whatever it had written at its first report, anywhere in
// the first second or so; so a chunk counts its frames instead: the
// output has a constant frame rate.
func (p plan) reached(u progressUpdate) time.Duration {
	if p.chunk == nil {
		return u.OutTime
	}
	return time.Duration(float64(u.Frames) / p.outputRate() * float64(time.Second))
}

// downloadRendition picks the progressive MP4: 720p or the highest below,
// big enough to watch and small enough to download.
func downloadRendition(renditions []Rendition) int {
	for i, r := range renditions {
		if r.Rung.Height <= 720 {
			return i
		}
	}
	return len(renditions) - 1
}

// audioStream is the output stream index of the audio a rendition plays
// with, or -1 for a video-only ladder.
func (p plan) audioStream(r Rendition) int {
	i := slices.Index(p.audioBitrates, r.AudioBitrate)
	if i < 0 {
		return -1
	}
	return len(p.renditions) + i
}

// gop is the keyframe interval in frames; sources that do not state their
// frame rate are taken as 30 fps (forced keyframes still land every 2 s).
func (p plan) gop() int {
	fps := p.video.FrameRate
	if fps <= 0 {
		fps = 30
	}
	return max(1, int(math.Round(fps*segmentSeconds)))
}

// frameRate is the source's, or 30 when it does not say.
func (p plan) frameRate() float64 {
	if p.video.FrameRate <= 0 {
		return 30
	}
	return p.video.FrameRate
}

// firstFrameAt is the time, in seconds, of the output's first frame at or
// after d. The output's frames sit on ticks of 1/outputRate from 0; a
// millionth of a frame of slack keeps a frame exactly on d, as with
// integer rates, from being pushed to the next tick.
func (p plan) firstFrameAt(d time.Duration) float64 {
	return math.Ceil(d.Seconds()*p.outputRate()-1e-6) / p.outputRate()
}

// outputRate is the constant frame rate of the ladder's output, as ffmpeg
// chooses it (av_guess_frame_rate): the source's r_frame_rate
// (RealFrameRate), unless that is over 210 where the average is under 70
// (a time base rather than a rate), or unknown.
func (p plan) outputRate() float64 {
	if rate := p.video.RealFrameRate; rate > 0 && (rate <= 210 || p.frameRate() >= 70) {
		return rate
	}
	return p.frameRate()
}

// levelFor leaves the level to x264 above 60 fps, where the ladder's levels
// are too low and a wrong level would make devices refuse the stream.
func (p plan) levelFor(r Rendition) string {
	if p.video.FrameRate > 60 {
		return ""
	}
	return r.Level
}
