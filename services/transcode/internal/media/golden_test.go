package media

import (
	"testing"
	"time"

	"github.com/vidhost/vidhost/pkg/golden"
)

func TestSpeechArgsGolden(t *testing.T) {
	golden.Args(t, "speech_wav", speechArgs("/work/source", "/work/speech.wav", 3*time.Hour))
}
