// Package webvtt checks that a file is a WebVTT text track (W3C WebVTT:
// Web Video Text Tracks Format) before the catalog stores it as a video's
// captions or subtitles. It checks the structure players depend on (the
// signature, the blocks, every cue's timings) and reports the first problem
// with its line number; it does not interpret cue text or settings, which
// players render or ignore themselves.
package webvtt
