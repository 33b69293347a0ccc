package speech

import (
	"fmt"
	"io"
	"strings"
	"time"
)

var cueEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;")

// WriteWebVTT writes cues as a WebVTT file. No cues is a valid file with a
// header only: the transcribe of a silent video.
func WriteWebVTT(w io.Writer, cues []Cue) error {
	var b strings.Builder
	b.WriteString("WEBVTT\n")
	for _, c := range cues {
		fmt.Fprintf(&b, "\n%s --> %s\n", vttTime(c.Start), vttTime(c.End))
		for _, line := range c.Lines {
			b.WriteString(cueEscaper.Replace(line))
			b.WriteString("\n")
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func vttTime(d time.Duration) string {
	ms := d.Milliseconds()
	return fmt.Sprintf("%02d:%02d:%02d.%03d", ms/3_600_000, ms/60_000%60, ms/1000%60, ms%1000)
}
