package middleware

import (
	"fmt"
	"math/rand/v2"
	"net/http"
	"strings"
)

// AccessLogMode says which requests of a path prefix the access log keeps.
type AccessLogMode string

// The modes of VIDHOST_MEDIA_ACCESS_LOG.
const (
	// LogOff keeps none: a player fetches a segment every few seconds,
	// which would be most of the log and most of its cost.
	LogOff AccessLogMode = "off"
	// LogSample keeps a random fraction.
	LogSample AccessLogMode = "sample"
	// LogAll keeps every request.
	LogAll AccessLogMode = "all"
)

// ParseAccessLogMode checks a mode's spelling.
func ParseAccessLogMode(s string) (AccessLogMode, error) {
	switch mode := AccessLogMode(s); mode {
	case LogOff, LogSample, LogAll:
		return mode, nil
	}
	return "", fmt.Errorf("access log mode %q must be off, sample or all", s)
}

// LogPolicy returns AccessLog's filter: requests whose path starts with
// prefix are logged as mode says (with LogSample, each with probability
// rate), every other request is logged.
func LogPolicy(prefix string, mode AccessLogMode, rate float64) func(*http.Request) bool {
	return func(r *http.Request) bool {
		if !strings.HasPrefix(r.URL.Path, prefix) {
			return true
		}
		switch mode {
		case LogAll:
			return true
		case LogSample:
			return rand.Float64() < rate //nolint:gosec // sampling log lines needs no unpredictability
		}
		return false
	}
}
