package events

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/audit"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
	"github.com/vidhost/vidhost/services/catalog/internal/leads"
)

func TestMessagesAuditClientChangesOnly(t *testing.T) {
	p := principal.Principal{AccountID: "acc", KeyID: "key", ActorID: "key", ActorType: principal.ActorAPIKey, ClientIP: "192.0.2.1"}
	category := catalog.Category{ID: "cat", Name: "News", Value: "news"}
	tests := []struct {
		name     string
		event    catalog.Event
		subjects []string
	}{
		{"a client's change", catalog.Event{Kind: catalog.Created, AccountID: "acc", Time: time.Now(), Resource: category, Actor: &p},
			[]string{"category.created", "audit.categories.create"}},
		{"the system's churn", catalog.Event{Kind: catalog.Updated, AccountID: "acc", Time: time.Now(), Resource: catalog.Video{ID: "v"}},
			[]string{"video.updated"}},
		{"filing a video", catalog.Event{Kind: catalog.Created, AccountID: "acc", Resource: catalog.FolderVideo{FolderID: "f", VideoID: "v"}, Actor: &p},
			[]string{"audit.folders.update"}},
		{"rotating a stream key", catalog.Event{Kind: catalog.Updated, AccountID: "acc", Resource: catalog.StoredStreamKey{VideoID: "v", Hash: []byte("a@b.c"), Sealed: []byte("a@b.c")}, Actor: &p},
			[]string{"audit.stream_keys.update"}},
		{"revoking a stream key", catalog.Event{Kind: catalog.Deleted, AccountID: "acc", Resource: catalog.StoredStreamKey{VideoID: "v", Revoked: true}, Actor: &p},
			[]string{"audit.stream_keys.delete"}},
		{"erasing a lead", catalog.Event{Kind: catalog.Deleted, AccountID: "acc", Resource: leads.Lead{ID: "l", VideoID: "v", Fields: map[string]string{"email": "a@b.c"}}, Actor: &p},
			[]string{"audit.leads.delete"}},
		{"creating a transcribe", catalog.Event{Kind: catalog.Created, AccountID: "acc", Resource: catalog.Transcribe{ID: "tr", VideoID: "v"}, Actor: &p},
			[]string{"audit.transcribes.create"}},
		{"cancelling a transcribe", catalog.Event{Kind: catalog.Updated, AccountID: "acc", Resource: catalog.Transcribe{ID: "tr", VideoID: "v", Status: "error", Error: "cancelled"}, Actor: &p},
			[]string{"audit.transcribes.update"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			msgs, err := Messages(tt.event)
			require.NoError(t, err)
			var subjects []string
			for _, m := range msgs {
				subjects = append(subjects, m.Subject)
				assert.NotContains(t, string(m.Payload), "a@b.c", "an erased lead's fields, a key's hash and seal are never recorded")
			}
			assert.Equal(t, tt.subjects, subjects)
		})
	}
}

func TestAuditMessageRecordsTheResource(t *testing.T) {
	p := principal.Principal{AccountID: "acc", ActorID: "key", ActorType: principal.ActorAPIKey, ClientIP: "192.0.2.1"}
	msg, err := AuditMessage(catalog.Event{Kind: catalog.Updated, AccountID: "acc",
		Resource: catalog.Category{ID: "cat", Name: "News", Value: "news"}, Actor: &p})
	require.NoError(t, err)
	entry, err := audit.Decode(msg.Payload)
	require.NoError(t, err)
	assert.Equal(t, "categories", entry.GetEntityType())
	assert.Equal(t, "cat", entry.GetEntityId())
	assert.Equal(t, "update", entry.GetActionType())
	assert.Equal(t, "192.0.2.1", entry.GetActionIp())
	assert.Contains(t, entry.GetActionData(), `"name":"News"`)
}

func TestAuditMessageOfAnUpdateRecordsTheChangedFields(t *testing.T) {
	p := principal.Principal{AccountID: "acc", ActorID: "key", ActorType: principal.ActorAPIKey}
	before := catalog.Video{ID: "v", Name: "Launch", Description: "d", Tags: []string{"a"}}
	after := before
	after.Name, after.Tags = "Launch day", []string{"a", "b"}
	after.UpdatedTime = time.Now()
	msg, err := AuditMessage(catalog.Event{Kind: catalog.Updated, AccountID: "acc", Resource: after, Before: before, Actor: &p})
	require.NoError(t, err)
	entry, err := audit.Decode(msg.Payload)
	require.NoError(t, err)
	assert.JSONEq(t, `{"name": "Launch day", "tags": ["a", "b"]}`, entry.GetActionData())
}

func TestAuditMessageOfATranscribe(t *testing.T) {
	p := principal.Principal{AccountID: "acc", ActorID: "key", ActorType: principal.ActorAPIKey}
	msg, err := AuditMessage(catalog.Event{Kind: catalog.Deleted, AccountID: "acc", Actor: &p,
		Resource: catalog.Transcribe{ID: "tr", VideoID: "v", Language: "en-US", Label: "English", Kind: "subtitles", Status: "ready", TrackID: "t"}})
	require.NoError(t, err)
	entry, err := audit.Decode(msg.Payload)
	require.NoError(t, err)
	assert.Equal(t, "transcribes", entry.GetEntityType())
	assert.Equal(t, "tr", entry.GetEntityId())
	assert.Equal(t, "delete", entry.GetActionType())
	assert.Contains(t, entry.GetActionData(), `"track_id":"t"`)
}
