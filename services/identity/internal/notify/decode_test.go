package notify

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/protobuf/encoding/protojson"
	"google.golang.org/protobuf/proto"

	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"
	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"

	"github.com/vidhost/vidhost/pkg/natsx"
)

func encode(t *testing.T, m proto.Message) []byte {
	t.Helper()
	data, err := protojson.Marshal(m)
	require.NoError(t, err)
	return data
}

func TestDecode(t *testing.T) {
	meta := &eventsv1.EventMeta{Id: "evt", AccountId: "acc"}
	d := Decoder{PublicURL: "https://v.example.test/"}
	tests := []struct {
		name        string
		subject     string
		data        []byte
		wantSubject string
		wantBody    []string
	}{
		{"ready", natsx.SubjectVideoReady,
			encode(t, &eventsv1.VideoEvent{Meta: meta, Video: &catalogv1.Video{Id: "v1", Name: "Demo"}}),
			`Your video "Demo" is ready`, []string{"(id v1)", "https://v.example.test/watch/v1"}},
		{"error, no name", natsx.SubjectVideoError,
			encode(t, &eventsv1.VideoEvent{Meta: meta, Video: &catalogv1.Video{Id: "v2", StatusReason: "no video stream"}}),
			`Your video "v2" failed`, []string{"could not be transcoded: no video stream"}},
		{"quota, operator's own", natsx.SubjectUploadQuotaReached,
			encode(t, &eventsv1.UploadQuotaReached{Meta: meta, QuotaBytes: 100, UsedBytes: 90, RequestedBytes: 20}),
			"Your account reached its upload quota", []string{"An upload of 20 bytes", "its quota of 100 bytes"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			n, err := d.Decode(tt.subject, tt.data)
			require.NoError(t, err)
			assert.Equal(t, Notice{EventID: "evt", AccountID: "acc", Name: tt.subject, Subject: tt.wantSubject, Body: n.Body}, n)
			for _, want := range tt.wantBody {
				assert.Contains(t, n.Body, want)
			}
		})
	}
}

func TestDecodeRefusesPoison(t *testing.T) {
	d := Decoder{}
	for name, tt := range map[string]struct {
		subject string
		data    []byte
	}{
		"not json":      {natsx.SubjectVideoReady, []byte("{")},
		"no event id":   {natsx.SubjectVideoReady, encode(t, &eventsv1.VideoEvent{Meta: &eventsv1.EventMeta{AccountId: "a"}, Video: &catalogv1.Video{Id: "v"}})},
		"no video id":   {natsx.SubjectVideoError, encode(t, &eventsv1.VideoEvent{Meta: &eventsv1.EventMeta{Id: "e", AccountId: "a"}})},
		"other subject": {natsx.SubjectVideoUpdated, []byte("{}")},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := d.Decode(tt.subject, tt.data)
			assert.Error(t, err)
		})
	}
}
