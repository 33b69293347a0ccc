package media

import (
	"bufio"
	"io"
	"strconv"
	"strings"
	"time"
)

// progressUpdate is one block of ffmpeg's -progress output.
type progressUpdate struct {
	OutTime time.Duration // how far into the output ffmpeg has written
	Frames  int           // video frames encoded so far
	Done    bool          // the block ended with progress=end
}

// scanProgress reads `-progress` output (key=value lines, each block closed
// by a progress= line) and calls fn once per block. out_time_us is "N/A"
// before the first frame; the last known value is kept then.
func scanProgress(r io.Reader, fn func(progressUpdate) error) error {
	scanner := bufio.NewScanner(r)
	var current progressUpdate
	for scanner.Scan() {
		key, value, _ := strings.Cut(strings.TrimSpace(scanner.Text()), "=")
		switch key {
		case "frame":
			if frames, err := strconv.Atoi(value); err == nil {
				current.Frames = frames
			}
		case "out_time_us":
			if micros, err := strconv.ParseInt(value, 10, 64); err == nil && micros >= 0 {
				current.OutTime = time.Duration(micros) * time.Microsecond
			}
		case "progress":
			current.Done = value == "end"
			if err := fn(current); err != nil {
				return err
			}
		}
	}
	return scanner.Err()
}

// percentOf is done as a whole percentage of total, 0-100.
func percentOf(done, total time.Duration) int {
	if total <= 0 || done <= 0 {
		return 0
	}
	return int(min(100, done*100/total))
}

// progressThrottle turns a stream of percentages into reports worth
// publishing: never backwards, and only after a step of minStep points or
// after minInterval, so a long job reports steadily without flooding.
type progressThrottle struct {
	minStep     int
	minInterval time.Duration
	now         func() time.Time
	last        int
	lastAt      time.Time
}

func newProgressThrottle(now func() time.Time) *progressThrottle {
	return &progressThrottle{minStep: 5, minInterval: 2 * time.Second, now: now, last: -1}
}

// offer returns true when percent should be reported now.
func (t *progressThrottle) offer(percent int) bool {
	if percent <= t.last {
		return false
	}
	now := t.now()
	small := percent-t.last < t.minStep && now.Sub(t.lastAt) < t.minInterval
	if t.last >= 0 && percent < 100 && small {
		return false
	}
	t.last, t.lastAt = percent, now
	return true
}
