// Package transcribe is the work of one transcribe job, free of JetStream:
// decode the video's audio to 16 kHz mono PCM, recognise words with a
// speech.Engine, group them into cues and write WebVTT.
package transcribe
