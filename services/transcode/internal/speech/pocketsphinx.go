package speech

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// DefaultPocketsphinxModel is where Debian's pocketsphinx-en-us installs its model.
const DefaultPocketsphinxModel = "/usr/share/pocketsphinx/model/en-us"

// Pocketsphinx runs Debian's pocketsphinx_continuous. It serves en-US only:
// Debian ships no other model.
type Pocketsphinx struct {
	Binary   string // pocketsphinx_continuous when empty
	ModelDir string // DefaultPocketsphinxModel when empty
}

// Languages lists what the en-us model serves.
func (p Pocketsphinx) Languages() []string { return []string{"en-US"} }

// Recognize runs the recognizer on wavPath and parses its -time yes output.
func (p Pocketsphinx) Recognize(ctx context.Context, wavPath, lang string) ([]Word, error) {
	if !supports(p, lang) {
		return nil, fmt.Errorf("%w: %s", ErrUnsupportedLanguage, lang)
	}
	var stdout, stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, p.binary(), p.args(wavPath)...) //nolint:gosec // G204: the binary and model come from the operator's config, the WAV path from the job's work dir
	cmd.Stdout = &stdout
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("pocketsphinx: %w: %s", err, tail(stderr.String()))
	}
	return parsePocketsphinx(&stdout)
}

func (p Pocketsphinx) binary() string {
	if p.Binary != "" {
		return p.Binary
	}
	return "pocketsphinx_continuous"
}

// args are pinned by a golden test.
func (p Pocketsphinx) args(wavPath string) []string {
	model := p.ModelDir
	if model == "" {
		model = DefaultPocketsphinxModel
	}
	var args []string
	args = append(args, "-infile", wavPath)                                  // 16 kHz mono s16le, see media.SpeechArgs
	args = append(args, "-hmm", filepath.Join(model, "en-us"))               // acoustic model
	args = append(args, "-lm", filepath.Join(model, "en-us.lm.bin"))         // general English language model
	args = append(args, "-dict", filepath.Join(model, "cmudict-en-us.dict")) // pronunciations
	args = append(args, "-time", "yes")                                      // one line per word with start and end
	args = append(args, "-logfn", "/dev/null")                               // the decoder log is noise; errors come back as exit status
	return args
}

// parsePocketsphinx reads "word start end confidence" lines; hypothesis
// lines and fillers (<s>, </s>, <sil>, [NOISE]) are skipped and alternate
// pronunciation markers ("to(2)") removed.
func parsePocketsphinx(r io.Reader) ([]Word, error) {
	var words []Word
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) != 4 || isFiller(f[0]) {
			continue
		}
		start, err1 := strconv.ParseFloat(f[1], 64)
		end, err2 := strconv.ParseFloat(f[2], 64)
		if _, err3 := strconv.ParseFloat(f[3], 64); err1 != nil || err2 != nil || err3 != nil {
			continue // a four-word hypothesis line
		}
		text := f[0]
		if i := strings.IndexByte(text, '('); i > 0 {
			text = text[:i]
		}
		words = append(words, Word{Text: text, Start: seconds(start), End: seconds(end)})
	}
	return words, sc.Err()
}

func isFiller(w string) bool {
	return strings.HasPrefix(w, "<") || strings.HasPrefix(w, "[") || strings.HasPrefix(w, "++")
}

func seconds(s float64) time.Duration { return time.Duration(s * float64(time.Second)) }

func tail(s string) string {
	if len(s) > 500 {
		return s[len(s)-500:]
	}
	return s
}
