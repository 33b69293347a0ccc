package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// source is one synthetic test video: lavfi makes it, a high-quality x264
// encode (CRF 16) stores it, and SSIM is measured against that file.
type source struct {
	name  string
	about string
	// graph is a -filter_complex whose output [v] is 1920x1080 at 30 fps;
	// it may read the inputs args open.
	graph string
	args  func(dir string) ([]string, error) // extra inputs, made in dir
}

const fontDir = "/usr/share/fonts/truetype/dejavu/"

// sources are the bench's five difficulties, easiest first.
func sources() []source {
	number := `%{eif\:floor(t/6)+1\:d}` // a new slide every 6 s
	slide := func(y, size int, text string) string {
		return fmt.Sprintf("drawtext=fontfile=%sDejaVuSans.ttf:fontsize=%d:fontcolor=0x202020:x=160:y=%d:text='%s'", fontDir, size, y, text)
	}
	return []source{
		{name: "slides", about: "static text slides, a new one every 6 s",
			graph: "color=c=0xf4f4f0:s=1920x1080:r=30," + strings.Join([]string{
				slide(140, 96, "Quarterly review "+number),
				slide(380, 54, "- revenue by region, slide "+number),
				slide(480, 54, "- churn and retention "+number),
				slide(580, 54, "- what we ship next "+number),
			}, ",") + "[v]"},
		{name: "animation", about: "testsrc2: flat shapes in motion",
			graph: "testsrc2=s=1920x1080:r=30[v]"},
		{name: "camera", about: "a panning scene with film grain",
			graph: "testsrc2=s=2560x1440:r=30,crop=1920:1080:x='320+300*sin(t/3)':y='180+170*sin(t/2)'," +
				"noise=alls=14:allf=t+u[v]"},
		{name: "noise", about: "pure noise",
			graph: "color=c=gray:s=1920x1080:r=30,noise=alls=100:allf=t+u[v]"},
		{name: "screen", about: "a code editor scrolling a page a second",
			graph: "[0:v]crop=1920:1080:0:'mod(180*(floor(t/2)+min(1\\,mod(t\\,2)))\\,2160)',fps=30[v]",
			args:  screenInputs},
	}
}

// make writes the source, seconds long, to path unless it is there.
func (s source) make(path string, seconds int) error {
	if info, err := os.Stat(path); err == nil && info.Size() > 0 {
		return nil
	}
	dir := filepath.Dir(path)
	args := []string{"-hide_banner", "-nostdin", "-y", "-loglevel", "error"}
	if s.args != nil {
		extra, err := s.args(dir)
		if err != nil {
			return err
		}
		args = append(args, extra...)
	}
	args = append(args, "-filter_complex", s.graph, "-map", "[v]", "-t", fmt.Sprint(seconds),
		"-c:v", "libx264", "-preset", "veryfast", "-crf", "16", "-pix_fmt", "yuv420p", "-g", "30", path+".tmp.mp4")
	if out, err := exec.Command("ffmpeg", args...).CombinedOutput(); err != nil {
		return fmt.Errorf("make %s: %w: %s", s.name, err, out)
	}
	return os.Rename(path+".tmp.mp4", path)
}

// screenInputs renders a 1920x3240 page of code once, looped as the input
// the screen source scrolls over.
func screenInputs(dir string) ([]string, error) {
	page := filepath.Join(dir, "screen-page.png")
	text := filepath.Join(dir, "screen-page.txt")
	var b strings.Builder
	for i := range 86 {
		fmt.Fprintf(&b, "%4d  func handle%02d(w http.ResponseWriter, r *http.Request) error { return serve(w, r, %#x) }\n", i+1, i%50, i*7919)
	}
	if err := os.WriteFile(text, []byte(b.String()), 0o644); err != nil { //nolint:gosec // scratch input for ffmpeg
		return nil, err
	}
	args := []string{"-hide_banner", "-nostdin", "-y", "-loglevel", "error", "-f", "lavfi", "-i",
		"color=c=0x1e1e1e:s=1920x3240:d=1", "-vf",
		fmt.Sprintf("drawtext=fontfile=%sDejaVuSansMono.ttf:fontsize=24:fontcolor=0xd4d4d4:x=40:y=20:line_spacing=13:textfile=%s", fontDir, text),
		"-frames:v", "1", page}
	if out, err := exec.Command("ffmpeg", args...).CombinedOutput(); err != nil {
		return nil, fmt.Errorf("screen page: %w: %s", err, out)
	}
	return []string{"-loop", "1", "-framerate", "30", "-i", page}, nil
}
