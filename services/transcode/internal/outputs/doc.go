// Package outputs stores a job's files in the video's media folder
// (videos/<account>/<video>/ in the blob store) while the ladder is still
// encoding: each file as the media core announces it, segments once and
// playlists each version, in announcement order, so that every stored
// playlist points only at stored segments. It tells its caller when the HLS
// stream first becomes playable from storage (early playback).
package outputs
