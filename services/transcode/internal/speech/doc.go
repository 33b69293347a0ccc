// Package speech turns 16 kHz mono speech into timed words and the words into
// WebVTT cues. An Engine hides which recognizer runs (pocketsphinx by default,
// whisper.cpp when an operator configures one); the cue grouping and the
// WebVTT writer do not depend on the engine.
package speech
