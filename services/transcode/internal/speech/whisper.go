package speech

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"time"

	"golang.org/x/text/language"
)

// Whisper runs a whisper.cpp command line (whisper-cli, formerly main) with a
// model file the operator provides. It serves the languages the operator
// lists (a multilingual model serves ~100; an ".en" model only English).
type Whisper struct {
	Binary  string   // path to whisper-cli
	Model   string   // path to a ggml model, e.g. ggml-base.bin
	Langs   []string // BCP 47 tags with region, e.g. en-US, de-DE
	Threads int      // 0: whisper.cpp's default
}

// Languages lists the configured tags.
func (w Whisper) Languages() []string { return w.Langs }

// Recognize runs whisper.cpp with one word per segment and reads its JSON.
func (w Whisper) Recognize(ctx context.Context, wavPath, lang string) ([]Word, error) {
	if !supports(w, lang) {
		return nil, fmt.Errorf("%w: %s", ErrUnsupportedLanguage, lang)
	}
	base, _ := language.Make(lang).Base()
	outPrefix := wavPath + ".whisper"
	var stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, w.Binary, w.args(wavPath, base.String(), outPrefix)...) //nolint:gosec // G204: binary and model come from the operator's config
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("whisper.cpp: %w: %s", err, tail(stderr.String()))
	}
	defer func() { _ = os.Remove(outPrefix + ".json") }()
	data, err := os.ReadFile(outPrefix + ".json") //nolint:gosec // G304: the file whisper.cpp just wrote into the job's work dir
	if err != nil {
		return nil, err
	}
	return parseWhisperJSON(data)
}

func (w Whisper) args(wavPath, lang, outPrefix string) []string {
	var args []string
	args = append(args, "-m", w.Model)           // the operator's model file
	args = append(args, "-f", wavPath)           // 16 kHz mono s16le, as whisper.cpp requires
	args = append(args, "-l", lang)              // the requested language; no detection
	args = append(args, "-ml", "1", "-sow")      // one word per segment: per-word timestamps
	args = append(args, "-oj", "-of", outPrefix) // JSON next to the WAV
	args = append(args, "-np")                   // no progress prints
	if w.Threads > 0 {
		args = append(args, "-t", fmt.Sprint(w.Threads))
	}
	return args
}

type whisperOutput struct {
	Transcription []struct {
		Offsets struct {
			From int64 `json:"from"`
			To   int64 `json:"to"`
		} `json:"offsets"`
		Text string `json:"text"`
	} `json:"transcription"`
}

func parseWhisperJSON(data []byte) ([]Word, error) {
	var out whisperOutput
	if err := json.Unmarshal(data, &out); err != nil {
		return nil, fmt.Errorf("whisper.cpp output: %w", err)
	}
	var words []Word
	for _, seg := range out.Transcription {
		text := strings.TrimSpace(seg.Text)
		if text == "" || strings.HasPrefix(text, "[") {
			continue // [BLANK_AUDIO] and similar markers
		}
		words = append(words, Word{
			Text:  text,
			Start: time.Duration(seg.Offsets.From) * time.Millisecond,
			End:   time.Duration(seg.Offsets.To) * time.Millisecond,
		})
	}
	return words, nil
}
