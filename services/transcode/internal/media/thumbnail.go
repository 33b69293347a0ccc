package media

import (
	"fmt"
	"path/filepath"
)

// thumbnailArgs grab one frame a quarter into the output (past most
// fade-ins and title cards) at the source's displayed size.
func thumbnailArgs(p plan) []string {
	at := p.length / 4
	if p.clip != nil {
		at += p.clip.Start
	}
	upright := fmt.Sprintf("scale=%d:%d,setsar=1", p.video.Width, p.video.Height)
	args := quietArgs()
	args = append(args, sourceArgs()...)
	args = append(args, "-ss", secondsArg(at)) // input seek: fast, and exact since we decode
	args = append(args, "-i", inputURL(p.source))
	args = append(args, "-map", fmt.Sprintf("0:%d", p.video.Index)) // the video the ladder uses
	args = append(args, "-vf", upright)                             // square pixels at the displayed size
	args = append(args, "-frames:v", "1")                           // one picture
	args = append(args, "-q:v", "3")                                // JPEG quality 3 of 2-31: sharp, still small
	args = append(args, "-map_metadata", "-1")                      // no source tags in a public image
	args = append(args, "-update", "1")                             // one file, never a %d pattern
	args = append(args, filepath.Join(p.outDir, ThumbnailFile))
	return args
}
