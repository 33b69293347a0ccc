// Package chromiumtest holds the slow test of WHIP ingest with a real
// browser: a headless Chromium with a fake camera and microphone publishes
// from a page to the ingest server through the WHIP handler, as a person
// pressing "Go live" would (about 30 s). It checks what only a browser's
// own encoder shows: H.264 chosen with setCodecPreferences, keyframes
// made when asked, Opus turned into AAC on the video's clock.
package chromiumtest
