package webvtt

import (
	"errors"
	"regexp"
	"strconv"
	"strings"
)

// timestamp is [hours:]minutes:seconds.milliseconds, as WebVTT writes
// times: minutes and seconds two digits, milliseconds three, hours any
// number of digits (at most nine here, which is over a hundred years).
const timestamp = `((?:\d{1,9}:)?\d{2}:\d{2}\.\d{3})`

// timingPattern is a cue timing line: start, "-->", end, then optional
// settings after a space or a tab (players ignore settings they do not
// know, so they are not checked).
var timingPattern = regexp.MustCompile(`^` + timestamp + `[ \t]*-->[ \t]*` + timestamp + `(?:[ \t].*)?$`)

var (
	errTimingShape = errors.New("cue timings must look like 00:01.000 --> 00:04.000 " +
		"or 00:00:01.000 --> 00:00:04.000 ([hours:]minutes:seconds.milliseconds)")
	errTimingRange = errors.New("cue timings must have minutes and seconds from 00 to 59")
	errTimingOrder = errors.New("a cue must end after it starts")
)

// checkTimings checks a cue timing line.
func checkTimings(line string) error {
	m := timingPattern.FindStringSubmatch(line)
	if m == nil {
		return errTimingShape
	}
	start, okStart := milliseconds(m[1])
	end, okEnd := milliseconds(m[2])
	switch {
	case !okStart || !okEnd:
		return errTimingRange
	case end <= start:
		return errTimingOrder
	}
	return nil
}

// milliseconds converts a timestamp matched by timestamp; ok is false when
// minutes or seconds are over 59.
func milliseconds(ts string) (int64, bool) {
	clock, fraction, _ := strings.Cut(ts, ".")
	parts := strings.Split(clock, ":")
	var hours int64
	if len(parts) == 3 {
		hours, _ = strconv.ParseInt(parts[0], 10, 64) // at most nine digits
		parts = parts[1:]
	}
	minutes, _ := strconv.ParseInt(parts[0], 10, 64)
	seconds, _ := strconv.ParseInt(parts[1], 10, 64)
	millis, _ := strconv.ParseInt(fraction, 10, 64)
	if minutes > 59 || seconds > 59 {
		return 0, false
	}
	return ((hours*60+minutes)*60+seconds)*1000 + millis, true
}
