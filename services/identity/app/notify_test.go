package app_test

import (
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/protobuf/encoding/protojson"

	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"
	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"

	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/mail"
	"github.com/vidhost/vidhost/pkg/mailpit"
	"github.com/vidhost/vidhost/pkg/natstest"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/pgtest"
	"github.com/vidhost/vidhost/services/identity/internal/notify"
)

// notifyBundle is identity sending its mail to a Mailpit (about a second
// to start), with the harness's JetStream to publish events.
type notifyBundle struct {
	*testBundle
	mailpit *mailpit.Server
	js      jetstream.JetStream
}

func setupNotify(t *testing.T) notifyBundle {
	t.Helper()
	mp, err := mailpit.Start(t.Context()) // it runs until the test ends
	require.NoError(t, err)
	t.Cleanup(mp.Stop)
	db := pgtest.Schema(t)
	tb := &testBundle{natsURL: natstest.Start(t)}
	tb.cfg = testConfig(t, db, tb.natsURL)
	tb.cfg.SMTP = mail.Config{Host: mp.SMTPHost, Port: mp.SMTPPort, From: "Vidhost <no-reply@vidhost.test>", Timeout: 5 * time.Second}
	tb.cfg.PublicURL = "https://videos.example.test"
	tb.bootstrap, tb.client, tb.addr = runService(t, tb.cfg, runOptions{})
	tb.pool = db.Pool(t)
	return notifyBundle{testBundle: tb, mailpit: mp, js: natstest.JetStream(t, tb.natsURL)}
}

// addUser adds a user of the bootstrap account choosing notifications.
func (b notifyBundle) addUser(t *testing.T, email string, enabled bool, notifications ...string) {
	t.Helper()
	_, err := b.pool.Exec(t.Context(), `INSERT INTO users (id, account_id, email, name, role, enabled, notifications)
		VALUES ($1, $2, $3, 'Someone', 'uploader', $4, $5)`, ids.New(), b.bootstrap.AccountID, email, enabled, append([]string{}, notifications...))
	require.NoError(t, err)
}

// publish sends data on subject under a new message id, as a redelivery
// through another path would, and returns its stream sequence.
func (b notifyBundle) publish(t *testing.T, subject string, data []byte) uint64 {
	t.Helper()
	msg := nats.NewMsg(subject)
	msg.Data = data
	ack, err := b.js.PublishMsg(t.Context(), msg, jetstream.WithMsgID(ids.New()))
	require.NoError(t, err)
	return ack.Sequence
}

// waitHandled waits until the durable consumer acknowledged stream
// sequence seq.
func (b notifyBundle) waitHandled(t *testing.T, stream, durable string, seq uint64) {
	t.Helper()
	require.Eventually(t, func() bool {
		c, err := b.js.Consumer(t.Context(), stream, durable)
		if err != nil {
			return false
		}
		info, err := c.Info(t.Context())
		return err == nil && info.AckFloor.Stream >= seq
	}, 15*time.Second, 20*time.Millisecond)
}

func (b notifyBundle) mails(t *testing.T) []mailpit.Message {
	t.Helper()
	summaries, err := b.mailpit.Messages(t.Context())
	require.NoError(t, err)
	out := make([]mailpit.Message, len(summaries))
	for i, s := range summaries {
		out[i], err = b.mailpit.Message(t.Context(), s.ID)
		require.NoError(t, err)
	}
	return out
}

func TestVideoReadyEmailsSubscribedUsersOnce(t *testing.T) {
	t.Parallel()
	b := setupNotify(t)
	b.addUser(t, "ready@example.test", true, "video.ready", "video.error")
	b.addUser(t, "errors-only@example.test", true, "video.error")
	b.addUser(t, "nothing@example.test", true)
	b.addUser(t, "disabled@example.test", false, "video.ready")
	event, err := protojson.Marshal(&eventsv1.VideoEvent{
		Meta:  &eventsv1.EventMeta{Id: ids.New(), AccountId: b.bootstrap.AccountID, OccurredTime: "2026-01-02T03:04:05.000Z"},
		Video: &catalogv1.Video{Id: "vid123", Name: "Launch day", Status: "ready"},
	})
	require.NoError(t, err)

	b.waitHandled(t, natsx.StreamNameCatalog, notify.VideoConsumerName, b.publish(t, natsx.SubjectVideoReady, event))
	// The same event delivered again (same event id, new message id).
	b.waitHandled(t, natsx.StreamNameCatalog, notify.VideoConsumerName, b.publish(t, natsx.SubjectVideoReady, event))

	mails := b.mails(t)
	require.Len(t, mails, 1, "one mail, to the one enabled user who chose video.ready")
	got := mails[0]
	require.Len(t, got.To, 1)
	assert.Equal(t, "ready@example.test", got.To[0].Address)
	assert.Equal(t, `Your video "Launch day" is ready`, got.Subject)
	assert.Contains(t, got.Text, "vid123")
	assert.Contains(t, got.Text, "https://videos.example.test/watch/vid123")
}

func TestQuotaReachedEmailsThoseWhoChoseIt(t *testing.T) {
	t.Parallel()
	b := setupNotify(t)
	b.addUser(t, "quota@example.test", true, "upload.quota_reached")
	b.addUser(t, "ready@example.test", true, "video.ready")
	event, err := protojson.Marshal(&eventsv1.UploadQuotaReached{
		Meta: &eventsv1.EventMeta{Id: ids.New(), AccountId: b.bootstrap.AccountID},
		Plan: "free", QuotaBytes: 10737418240, UsedBytes: 10737418000, RequestedBytes: 1000,
	})
	require.NoError(t, err)

	b.waitHandled(t, natsx.StreamNameUploads, notify.UploadConsumerName, b.publish(t, natsx.SubjectUploadQuotaReached, event))

	mails := b.mails(t)
	require.Len(t, mails, 1)
	assert.Equal(t, "quota@example.test", mails[0].To[0].Address)
	assert.Contains(t, mails[0].Text, "the free plan's quota of 10737418240 bytes")
}

func TestUndecodableEventsAreDeadLettered(t *testing.T) {
	t.Parallel()
	b := setupNotify(t)
	b.addUser(t, "ready@example.test", true, "video.ready")
	dead, err := b.js.OrderedConsumer(t.Context(), natsx.StreamNameDeadLetter, jetstream.OrderedConsumerConfig{})
	require.NoError(t, err)

	b.publish(t, natsx.SubjectVideoReady, []byte("not json"))

	msg, err := dead.Next(jetstream.FetchMaxWait(15 * time.Second))
	require.NoError(t, err, "no dead letter arrived")
	assert.Equal(t, natsx.DeadLetterSubject(natsx.SubjectVideoReady), msg.Subject())
	assert.Equal(t, natsx.SubjectVideoReady, msg.Headers().Get(natsx.HeaderOriginalSubject))
	assert.Empty(t, b.mails(t))
}
