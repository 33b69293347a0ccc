package media

import (
	"path/filepath"
	"strconv"
	"strings"
)

// teeOutputs writes the same encoded streams to the DASH muxer (CMAF
// segments and manifest.mpd; HLS playlists are derived from it) and to a
// faststart MP4 of one rendition. A chunk writes segments only: the MP4 is
// remuxed from every chunk's segments once they are all there (download.go).
func teeOutputs(p plan) string {
	dash := teeSlave(dashOptions(p, h264Muxer, adaptationSets(p)), filepath.Join(p.outDir, h264Muxer.manifestPath))
	if p.chunk != nil {
		return dash
	}
	download := p.renditions[p.download]
	mp4 := []string{
		"f=mp4",
		"onfail=abort",            // as above
		"select=" + mp4Streams(p), // one rendition and its audio
		"movflags=+faststart",     // moov first: playback starts before the download ends
	}
	if p.video.Spherical != nil {
		mp4 = append(mp4, "strict=unofficial") // lets the MP4 muxer write the source's 360° sv3d box
	}
	return dash + "|" + teeSlave(mp4, filepath.Join(p.outDir, mp4Path(download.Name)))
}

// dashOptions configure a DASH muxer writing CMAF segments and its
// manifest, from which the publisher makes the playlists.
func dashOptions(p plan, m muxerLayout, sets string) []string {
	options := []string{
		"f=dash",
		"onfail=abort", // a failing output fails the job, not half a ladder
		"seg_duration=" + strconv.Itoa(segmentSeconds), // cut at every forced keyframe
		"use_template=1",                             // segment names from a template, not listed one by one
		"use_timeline=1",                             // exact segment durations, which the HLS playlists copy
		"adaptation_sets=" + sets,                    // all video in one set, so DASH players switch rungs
		"init_seg_name=" + m.initSegmentTemplate(),   // see layout.go
		"media_seg_name=" + m.mediaSegmentTemplate(), // see layout.go
	}
	if p.chunk != nil {
		// Each fragment's decode time (tfdt) is the source's, where the MP4
		// muxer would count from the chunk's first packet and put the
		// chunk's start in the init segment's edit list instead: so every
		// chunk writes the same init segment, and its media segments play
		// after the previous chunk's.
		options = append(options, "format_options=movflags=+frag_discont")
	}
	return options
}

// adaptationSets groups the ladder's representations: video, and audio
// unless the ladder is video-only. The DASH muxer wants the ids numbered
// 0, 1… in order.
func adaptationSets(p plan) string {
	if len(p.audioBitrates) == 0 {
		return "id=0,streams=v"
	}
	return "id=0,streams=v id=1,streams=a"
}

func mp4Streams(p plan) string {
	download := p.renditions[p.download]
	streams := strconv.Itoa(p.download)
	if audio := p.audioStream(download); audio >= 0 {
		streams += "," + strconv.Itoa(audio)
	}
	return streams
}

// teeSlave formats one output of ffmpeg's tee muxer: "[opt=value:…]path".
// Option values here are fixed strings without tee's special characters;
// the path is escaped, because tee reads backslashes, quotes and '|' in it.
func teeSlave(options []string, path string) string {
	return "[" + strings.Join(options, ":") + "]" + teeEscape(path)
}

// teeEscape backslash-escapes the characters the tee muxer's tokenizer
// treats specially in an output name.
func teeEscape(path string) string {
	var b strings.Builder
	for _, r := range path {
		if strings.ContainsRune(`\'|[]:`, r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}
