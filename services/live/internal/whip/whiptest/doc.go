// Package whiptest is a WHIP publisher for tests (never imported outside
// them): a pion/webrtc client that posts its offer as a browser or OBS
// would and sends H.264 and Opus read from files at real time, and the
// files themselves, made with ffmpeg from generated pictures and a tone.
package whiptest
