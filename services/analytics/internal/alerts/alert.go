package alerts

import (
	"time"

	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/services/analytics/internal/views"
)

// Window is the span one alert judges.
const Window = time.Hour

// VideoHour is one video's hour as the hourly roll-up holds it.
type VideoHour struct {
	AccountID string
	VideoID   string
	Hour      time.Time
	Totals    views.Totals
}

// Key is a video hour's place in its hour's pass: rows are judged in
// (account, video) order.
type Key struct{ AccountID, VideoID string }

// Alert is one video's bad hour, announced once.
type Alert struct {
	// ID is the event's id, derived from the account, video and hour
	// (EventID).
	ID        string
	AccountID string
	VideoID   string
	// Hour starts the window; it ends Window later.
	Hour time.Time
	// Judged is when the hour was judged: the event's occurred_time.
	Judged time.Time
	Figures
	Conditions []string
	// Rule is what the hour was judged by, reported with it.
	Rule Rule
	// Partial is an early alert of an hour still under way: its figures
	// are the hour's so far.
	Partial bool
}

// EventID is the id of the alert of one account's video in the hour
// starting at hour: derived from the three, so every replica and every
// restart names the alert alike, the outbox and JetStream drop a second
// copy, and a hook has one delivery of it.
func EventID(accountID, videoID string, hour time.Time) string {
	return ids.Derive(natsx.SubjectVideoExperienceDegraded, accountID, videoID, hour.UTC().Format(time.RFC3339))
}
