package events_test

import (
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	"github.com/vidhost/vidhost/pkg/natsx"
	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"
	"github.com/vidhost/vidhost/services/analytics/internal/events"
	"github.com/vidhost/vidhost/services/analytics/internal/views"
)

// The edge publishes binary protobuf; messages published as protojson
// before must still read the same.
func TestDecodeReadsBothEncodings(t *testing.T) {
	event := &eventsv1.ViewEvent{
		Meta: &eventsv1.EventMeta{Id: "event-1", AccountId: "account-a", OccurredTime: "2026-11-24T10:00:00.123Z"},
		Type: "play", VideoId: "video-1", PlayerId: "player-1", ViewerId: "viewer-1", Domain: "a.example",
		Device: "desktop", Browser: "chrome", Position: 1.5,
	}
	want := views.Event{ID: "event-1", AccountID: "account-a", Time: time.Date(2026, 11, 24, 10, 0, 0, 123e6, time.UTC),
		Type: "play", VideoID: "video-1", PlayerID: "player-1", ViewerID: "viewer-1", Domain: "a.example",
		Country: "unknown", Device: "desktop", Browser: "chrome", OS: "unknown", Position: 1.5}

	binary, err := proto.Marshal(event)
	require.NoError(t, err)
	protobufHeader := nats.Header{}
	protobufHeader.Set(natsx.HeaderContentType, natsx.ContentTypeProtobuf)
	got, err := events.Decode(protobufHeader, binary)
	require.NoError(t, err)
	assert.Equal(t, want, got)

	text, err := protojson.Marshal(event)
	require.NoError(t, err)
	got, err = events.Decode(nil, text)
	require.NoError(t, err)
	assert.Equal(t, want, got)

	_, err = events.Decode(nil, binary) // binary without its header is not JSON
	require.Error(t, err)
	_, err = events.Decode(protobufHeader, []byte("\xff\xff\xff"))
	require.Error(t, err)
}

// A heartbeat's and an error's experience figures come through.
func TestDecodeReadsTheExperience(t *testing.T) {
	meta := &eventsv1.EventMeta{Id: "event-1", AccountId: "account-a", OccurredTime: "2026-11-24T10:00:00Z"}
	startup := int32(850)
	for _, tt := range []struct {
		event *eventsv1.ViewEvent
		want  views.Experience
	}{
		{&eventsv1.ViewEvent{Meta: meta, Type: "play", VideoId: "v", StartupMs: &startup}, views.Experience{StartupMS: 850, HasStartup: true}},
		{&eventsv1.ViewEvent{Meta: meta, Type: "heartbeat", VideoId: "v", WatchedMs: 10000, StallCount: 1, StallMs: 700, SeekWaitMs: 300, Switches: 2,
			Renditions: []*eventsv1.RenditionTime{{Height: 720, WatchedMs: 10000, StallCount: 1, StallMs: 700}}},
			views.Experience{WatchedMS: 10000, StallCount: 1, StallMS: 700, SeekWaitMS: 300, Switches: 2,
				Renditions: []views.Rendition{{Height: 720, WatchedMS: 10000, StallCount: 1, StallMS: 700}}}},
		{&eventsv1.ViewEvent{Meta: meta, Type: "error", VideoId: "v", ErrorClass: "manifest", Fatal: true, BeforePlay: true},
			views.Experience{ErrorClass: "manifest", Fatal: true, BeforePlay: true}},
	} {
		data, err := proto.Marshal(tt.event)
		require.NoError(t, err)
		header := nats.Header{}
		header.Set(natsx.HeaderContentType, natsx.ContentTypeProtobuf)
		got, err := events.Decode(header, data)
		require.NoError(t, err)
		assert.Equal(t, tt.want, got.Experience, tt.event.GetType())
	}
}
