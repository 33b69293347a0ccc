// Package childproc holds what every service does to the tools it starts
// (ffmpeg, mostly): the one home of the rule that a tool dies with the
// service that started it.
package childproc
