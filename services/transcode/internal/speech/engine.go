package speech

import (
	"context"
	"errors"
	"time"
)

// Word is one recognised word with its span in the audio.
type Word struct {
	Text  string
	Start time.Duration
	End   time.Duration
}

// Engine recognises speech in a 16 kHz mono s16le WAV file. lang is a BCP 47
// tag the engine listed in Languages.
type Engine interface {
	Recognize(ctx context.Context, wavPath, lang string) ([]Word, error)
	// Languages are the BCP 47 tags (with region) the installed models serve.
	Languages() []string
}

// ErrUnsupportedLanguage is returned for a language no installed model serves.
var ErrUnsupportedLanguage = errors.New("speech: unsupported language")

func supports(e Engine, lang string) bool {
	for _, l := range e.Languages() {
		if l == lang {
			return true
		}
	}
	return false
}
