package media

import (
	"testing"
	"time"

	"github.com/vidhost/vidhost/pkg/golden"
)

func TestSpeechArgsGolden(t *testing.T) {
	golden.Args(t, "speech_wav", speechArgs("/work/source", "/work/speech.wav", 3*time.Hour))
}

func TestRemuxArgsGolden(t *testing.T) {
	golden.Args(t, "remux_clip", remuxArgs("/work/out/mp4/720p.mp4", false, "/work/source.mp4"))
}
