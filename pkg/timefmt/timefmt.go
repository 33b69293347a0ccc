// Package timefmt formats the times of the /v2 interface: ISO 8601 in UTC with
// exactly three fractional digits, e.g. 2026-11-21T09:30:00.000Z.
package timefmt

import "time"

// Layout is the one time format of the interface.
const Layout = "2006-01-02T15:04:05.000Z"

// Format renders t in the interface's layout; the zero time renders empty.
func Format(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Format(Layout)
}
