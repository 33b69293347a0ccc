package views

import (
	"context"
	"time"
)

// Event types (docs/analytics.md).
const (
	TypePlay      = "play"
	TypeView      = "view"
	TypeHeartbeat = "heartbeat"
	TypeError     = "error"
)

// Event is one stored view event.
type Event struct {
	ID, AccountID     string
	Time              time.Time // when the edge received it, UTC
	Type              string
	VideoID, PlayerID string
	ViewerID          string // "" when the browser kept none
	// TicketID is the view ticket's id (docs/analytics.md); "" only in
	// events of edges from before view tickets.
	TicketID        string
	Domain, Country string
	Device, Browser string
	OS              string
	Position        float64
	// Experience is the viewing experience a play, heartbeat or error
	// reports, as the edge clamped it (experience.go).
	Experience Experience
}

// Day is the UTC day the event belongs to: its partition and roll-up day.
func (e Event) Day() time.Time { return DayOf(e.Time) }

// DayOf truncates t to its UTC day.
func DayOf(t time.Time) time.Time {
	y, m, d := t.UTC().Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// HourOf truncates t to its UTC hour: the window of the experience
// alerts (docs/analytics.md, "Alerts").
func HourOf(t time.Time) time.Time { return t.UTC().Truncate(time.Hour) }

// IngestResult says what one Ingest call changed.
type IngestResult struct {
	// Stored is how many events were new; the others had been stored by
	// an earlier delivery and changed nothing.
	Stored int
	// Views is how many of the new plays counted as views.
	Views int
}

// Store keeps events and the daily roll-ups. Ingest must be idempotent per
// event id and update the roll-ups in the same transaction as the events,
// so a batch delivered twice (after a crash before the acknowledgement)
// counts once.
type Store interface {
	Ingest(ctx context.Context, events []Event) (IngestResult, error)
	// DropEventsBefore removes raw events of days before day (roll-ups
	// stay) and replay-rule state older than the window; it returns the
	// partitions dropped.
	DropEventsBefore(ctx context.Context, day time.Time) ([]string, error)
}
