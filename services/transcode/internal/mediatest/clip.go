package mediatest

import (
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"testing"

	"github.com/vidhost/vidhost/services/transcode/internal/media/mp4box"
)

// ClipSpec describes a synthetic test clip.
type ClipSpec struct {
	Width, Height int
	Seconds       float64
	FPS           int  // 30 when zero
	Audio         bool // a 440 Hz tone in AAC
	// Rotate stores a display rotation in degrees (90, 180, 270), as phones
	// do for portrait video: the coded frame stays Width x Height.
	Rotate int
	// Spherical marks the video as 360° equirectangular (an sv3d box).
	Spherical bool
}

// Clip returns the path of an H.264 MP4 matching spec, generating it on first
// use. The moov box is written last, as a plain ffmpeg run does.
func Clip(t testing.TB, spec ClipSpec) string {
	t.Helper()
	ffmpeg := requireFFmpeg(t)
	post := func(path string) error {
		if spec.Rotate != 0 {
			if err := rotate(ffmpeg, path, spec.Rotate); err != nil {
				return err
			}
		}
		if spec.Spherical {
			return markSpherical(path)
		}
		return nil
	}
	variant := fmt.Sprintf("rotate=%d spherical=%t", spec.Rotate, spec.Spherical)
	return cached(t, "clip", variant, ".mp4", clipArgs(spec), post)
}

func clipArgs(spec ClipSpec) []string {
	fps := spec.FPS
	if fps == 0 {
		fps = 30
	}
	seconds := strconv.FormatFloat(spec.Seconds, 'f', -1, 64)
	args := []string{
		"-f", "lavfi", "-i", fmt.Sprintf("testsrc2=size=%dx%d:rate=%d:duration=%s", spec.Width, spec.Height, fps, seconds),
	}
	if spec.Audio {
		args = append(args, "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000:duration="+seconds)
	}
	args = append(args, "-map", "0:v", "-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-g", strconv.Itoa(fps))
	if spec.Audio {
		args = append(args, "-map", "1:a", "-c:a", "aac", "-b:a", "96k")
	}
	return args
}

// rotate stores a display matrix. ffmpeg 5.1 honours the "rotate" tag only
// when copying a stream, hence a second pass.
func rotate(ffmpeg, path string, degrees int) error {
	rotated := path + ".rotated.mp4"
	defer os.Remove(rotated)
	args := []string{"-nostdin", "-loglevel", "error", "-y", "-i", path,
		"-map", "0", "-c", "copy", "-metadata:s:v:0", "rotate=" + strconv.Itoa(degrees), rotated}
	if out, err := exec.Command(ffmpeg, args...).CombinedOutput(); err != nil {
		return fmt.Errorf("rotate: %w: %s", err, out)
	}
	return os.Rename(rotated, path)
}

// markSpherical adds 360° metadata in place. ffmpeg 5.1 cannot write it from
// scratch, so the box goes straight into the avc1 sample entry.
func markSpherical(path string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	sv3d := mp4box.SphericalBox(mp4box.ProjectionEquirectangular, mp4box.Orientation{})
	data, err = mp4box.AppendToSampleEntry(data, "avc1", sv3d)
	if err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o644)
}
