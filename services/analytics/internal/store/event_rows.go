package store

import "github.com/vidhost/vidhost/services/analytics/internal/views"

// eventColumns are view_events' columns, in COPY order.
var eventColumns = []string{"day", "event_id", "account_id", "occurred_time", "type", "video_id", "player_id",
	"viewer_id", "domain", "country", "device", "browser", "position", "counted",
	"os", "startup_ms", "watched_ms", "stall_count", "stall_ms", "seek_wait_ms", "switches",
	"rendition_heights", "rendition_watched_ms", "rendition_stall_counts", "rendition_stall_ms",
	"error_class", "fatal", "before_play"}

// eventRows is events as a COPY source, reusing one row.
type eventRows struct {
	events  []views.Event
	counted map[string]bool
	row     []any
	at      int
}

func (r *eventRows) Next() bool { r.at++; return r.at < len(r.events) }
func (r *eventRows) Err() error { return nil }

func (r *eventRows) Values() ([]any, error) {
	e := &r.events[r.at]
	x := &e.Experience
	r.row[0], r.row[1], r.row[2], r.row[3], r.row[4] = e.Day(), e.ID, e.AccountID, e.Time, e.Type
	r.row[5], r.row[6], r.row[7], r.row[8], r.row[9] = e.VideoID, e.PlayerID, e.ViewerID, e.Domain, e.Country
	r.row[10], r.row[11], r.row[12], r.row[13] = e.Device, e.Browser, e.Position, r.counted[e.ID]
	r.row[14], r.row[15] = e.OS, nil
	if x.HasStartup {
		r.row[15] = x.StartupMS
	}
	r.row[16], r.row[17], r.row[18], r.row[19], r.row[20] = x.WatchedMS, x.StallCount, x.StallMS, x.SeekWaitMS, x.Switches
	r.row[21], r.row[22], r.row[23], r.row[24] = renditionArrays(x.Renditions)
	r.row[25], r.row[26], r.row[27] = x.ErrorClass, x.Fatal, x.BeforePlay
	return r.row, nil
}

// renditionArrays are a heartbeat's renditions as view_events' parallel
// arrays; nil (NULL) for none, as for every play.
func renditionArrays(renditions []views.Rendition) (heights, watched, stalls, stallMS []int32) {
	if len(renditions) == 0 {
		return nil, nil, nil, nil
	}
	for _, r := range renditions {
		heights, watched = append(heights, r.Height), append(watched, r.WatchedMS)
		stalls, stallMS = append(stalls, r.StallCount), append(stallMS, r.StallMS)
	}
	return heights, watched, stalls, stallMS
}
