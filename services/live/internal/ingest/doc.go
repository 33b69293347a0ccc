// Package ingest is the live service's RTMP server: it authenticates each
// publisher by the stream key in its URL (rtmp://host/live/<key>) with the
// catalog, allows one publisher per event, and runs the pipeline for the
// stream until the publisher stops, stalls or sends what cannot be read.
// A refusal is sent to the publisher as an RTMP onStatus error, whose
// description ffmpeg and OBS show in their logs.
package ingest
