package events

import (
	"fmt"
	"testing"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/services/analytics/internal/views"
)

// Every play of one viewer of one video lands in the same part, in order,
// and nothing is lost or repeated.
func TestSplitKeepsEachViewerInOnePart(t *testing.T) {
	var b batch
	for i := range 1000 {
		e := views.Event{ID: fmt.Sprintf("e%04d", i), AccountID: "a", VideoID: fmt.Sprintf("v%d", i%3),
			ViewerID: fmt.Sprintf("viewer-%d", i%50)}
		if i%10 == 0 {
			e.ViewerID = ""
		}
		b.events, b.msgs = append(b.events, e), append(b.msgs, jetstream.Msg(nil))
	}
	parts := split(b, 3)
	require.Len(t, parts, 3)
	partOf := map[views.ViewerKey]int{}
	seen := map[string]bool{}
	for p, part := range parts {
		assert.NotEmpty(t, part.events, "part %d", p)
		assert.Len(t, part.msgs, len(part.events))
		for i, e := range part.events {
			assert.False(t, seen[e.ID], "%s twice", e.ID)
			seen[e.ID] = true
			if i > 0 {
				assert.Less(t, part.events[i-1].ID, e.ID, "order kept")
			}
			if e.ViewerID == "" {
				continue
			}
			key := views.ViewerKey{AccountID: e.AccountID, VideoID: e.VideoID, ViewerID: e.ViewerID}
			if first, ok := partOf[key]; ok {
				assert.Equal(t, first, p, "viewer %v in two parts", key)
			}
			partOf[key] = p
		}
	}
	assert.Len(t, seen, 1000)
	assert.Equal(t, []batch{b}, split(b, 1))
}

// Every event of one view ticket lands in the same part, whatever viewer
// ids come with it: two storers never both count a replayed ticket.
func TestSplitKeepsEachTicketInOnePart(t *testing.T) {
	var b batch
	for i := range 300 {
		e := views.Event{ID: fmt.Sprintf("e%04d", i), AccountID: "a", VideoID: "v",
			TicketID: fmt.Sprintf("ticket-%d", i%7), ViewerID: fmt.Sprintf("viewer-%d", i)}
		b.events, b.msgs = append(b.events, e), append(b.msgs, jetstream.Msg(nil))
	}
	partOf := map[string]int{}
	for p, part := range split(b, 2) {
		for _, e := range part.events {
			if first, ok := partOf[e.TicketID]; ok {
				assert.Equal(t, first, p, "ticket %s in two parts", e.TicketID)
			}
			partOf[e.TicketID] = p
		}
	}
	assert.Len(t, partOf, 7)
}
