package app_test

import (
	"testing"
	"time"

	"github.com/nats-io/nats.go/jetstream"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/protobuf/encoding/protojson"

	"github.com/vidhost/vidhost/pkg/natstest"
	"github.com/vidhost/vidhost/pkg/natsx"
	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"
	identityv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/identity/v1"
)

// eventWait bounds how long a test waits for the relay; it is a failure
// deadline, not a timing assumption (delivery takes milliseconds).
const eventWait = 20 * time.Second

func TestKeyEventsArePublished(t *testing.T) {
	t.Parallel()
	tb := setup(t)
	id := tb.createKey(t, tb.ownerA, "evented")
	_, err := tb.client.UpdateApiKey(as(t, tb.ownerA), updateRequest(id, &identityv1.ApiKey{Name: "renamed"}, "name"))
	require.NoError(t, err)
	_, err = tb.client.DeleteApiKey(as(t, tb.ownerA), &identityv1.DeleteApiKeyRequest{Id: id})
	require.NoError(t, err)

	for _, subject := range []string{natsx.SubjectKeyCreated, natsx.SubjectKeyUpdated, natsx.SubjectKeyDeleted} {
		t.Run(subject, func(t *testing.T) {
			msg, ev := tb.nextEvent(t, subject, id)
			assert.Equal(t, subject, msg.Subject())
			assert.Equal(t, ev.GetMeta().GetId(), msg.Headers().Get(jetstream.MsgIDHeader), "Nats-Msg-Id is the event id")
			assert.Len(t, ev.GetMeta().GetId(), 21)
			assert.Equal(t, tb.ownerA.AccountID, ev.GetMeta().GetAccountId())
			assert.Equal(t, "actor-a", ev.GetMeta().GetActorId())
			_, err := time.Parse("2006-01-02T15:04:05.000Z", ev.GetMeta().GetOccurredTime())
			assert.NoError(t, err)
		})
	}
}

func TestBootstrapKeyCreatedIsPublished(t *testing.T) {
	t.Parallel()
	tb := setup(t)
	auth, err := tb.client.Authenticate(t.Context(), &identityv1.AuthenticateRequest{Key: tb.bootstrap.APIKey})
	require.NoError(t, err)
	_, ev := tb.nextEvent(t, natsx.SubjectKeyCreated, auth.GetPrincipal().GetKeyId())
	assert.Equal(t, tb.bootstrap.UserID, ev.GetMeta().GetActorId())
}

// nextEvent reads the IDENTITY stream from the start until the event of
// keyID on subject arrives.
func (tb *testBundle) nextEvent(t *testing.T, subject, keyID string) (jetstream.Msg, *eventsv1.KeyEvent) {
	t.Helper()
	// Read as the gateway does, with its rights.
	js, err := jetstream.New(natstest.ConnectAs(t, tb.natsURL, natsx.ServiceGateway))
	require.NoError(t, err)
	consumer, err := js.OrderedConsumer(t.Context(), natsx.StreamNameIdentity, jetstream.OrderedConsumerConfig{
		FilterSubjects: []string{subject},
	})
	require.NoError(t, err)
	deadline := time.Now().Add(eventWait)
	for time.Now().Before(deadline) {
		msg, err := consumer.Next(jetstream.FetchMaxWait(time.Until(deadline)))
		require.NoError(t, err, "no %s event for key %s", subject, keyID)
		var ev eventsv1.KeyEvent
		require.NoError(t, protojson.Unmarshal(msg.Data(), &ev))
		if ev.GetKeyId() == keyID {
			return msg, &ev
		}
	}
	t.Fatalf("no %s event for key %s within %s", subject, keyID, eventWait)
	return nil, nil
}

// accountEvent waits for account.updated about accountID, read with the
// catalog's rights (its one consumer).
func (tb *testBundle) accountEvent(t *testing.T, accountID string) *eventsv1.AccountEvent {
	t.Helper()
	js, err := jetstream.New(natstest.ConnectAs(t, tb.natsURL, natsx.ServiceCatalog))
	require.NoError(t, err)
	consumer, err := js.OrderedConsumer(t.Context(), natsx.StreamNameAccounts, jetstream.OrderedConsumerConfig{
		FilterSubjects: []string{natsx.SubjectAccountUpdated},
	})
	require.NoError(t, err)
	deadline := time.Now().Add(eventWait)
	for time.Now().Before(deadline) {
		msg, err := consumer.Next(jetstream.FetchMaxWait(time.Until(deadline)))
		require.NoError(t, err, "no account.updated for %s", accountID)
		var ev eventsv1.AccountEvent
		require.NoError(t, protojson.Unmarshal(msg.Data(), &ev))
		if ev.GetAccountId() == accountID {
			return &ev
		}
	}
	t.Fatalf("no account.updated for %s within %s", accountID, eventWait)
	return nil
}
