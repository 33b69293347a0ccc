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

// MicroLayout is for ordering changes between services rather than for
// people: microseconds, the precision PostgreSQL keeps, so two changes of
// one row never tie (account.updated's updated_time).
const MicroLayout = "2006-01-02T15:04:05.000000Z"

// FormatMicro renders t in MicroLayout, in UTC.
func FormatMicro(t time.Time) string { return t.UTC().Format(MicroLayout) }
