package natsx_test

import (
	"context"
	"testing"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/natstest"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/secrets"
)

// refusalWait is how long a test waits for an answer the server, having
// refused the request, will never send.
const refusalWait = 500 * time.Millisecond

func TestClientsWithoutTheirKeyCannotConnect(t *testing.T) {
	url := natstest.Start(t)
	tests := []struct {
		name string
		opts []nats.Option
	}{
		{"no credentials", nil},
		{"a user and password", []nats.Option{nats.UserInfo("catalog", natstest.Secret)}},
		{"catalog's name with a key of another root", []nats.Option{nkeyOf(t, "another root secret, not the server's one")}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			nc, err := nats.Connect(url, append(tt.opts, nats.Timeout(2*time.Second))...)
			if err == nil {
				nc.Close()
			}
			require.Error(t, err)
			assert.ErrorIs(t, err, nats.ErrAuthorization)
		})
	}
}

func TestServicesPublishTheirOwnSubjectsOnly(t *testing.T) {
	url := natstest.Start(t)
	harness := natstest.JetStream(t, url)
	tests := []struct {
		service, subject string
		allowed          bool
	}{
		{natsx.ServiceCatalog, natsx.SubjectTranscodeJobs, true},
		{natsx.ServiceCatalog, natsx.SubjectVideoUpdated, true},
		{natsx.ServiceCatalog, natsx.DeadLetterSubject(natsx.SubjectTranscodeCompleted), true},
		// A video.deleted whose media can never be deleted.
		{natsx.ServiceCatalog, natsx.DeadLetterSubject(natsx.SubjectVideoDeleted), true},
		{natsx.ServiceTranscode, natsx.DeadLetterSubject(natsx.SubjectVideoDeleted), false},
		{natsx.ServiceTranscode, natsx.SubjectTranscodeCompleted, true},
		{natsx.ServiceTranscode, natsx.DeadLetterSubject(natsx.SubjectTranscodeJobs), true},
		{natsx.ServiceIdentity, natsx.SubjectKeyDeleted, true},
		// A notification event that can never make a mail.
		{natsx.ServiceIdentity, natsx.DeadLetterSubject(natsx.SubjectVideoReady), true},
		{natsx.ServiceIdentity, natsx.DeadLetterSubject(natsx.SubjectUploadQuotaReached), true},
		{natsx.ServiceIdentity, natsx.DeadLetterSubject(natsx.SubjectTranscodeJobs), false},
		{natsx.ServiceUpload, natsx.SubjectUploadCompleted, true},
		// Audit entries, each about the service's own resources.
		{natsx.ServiceCatalog, "audit.videos.create", true},
		{natsx.ServiceIdentity, "audit.keys.delete", true},
		{natsx.ServiceIdentity, "audit.accounts.set_plan", true},
		{natsx.ServiceUpload, "audit.uploads.create", true},
		{natsx.ServiceIdentity, natsx.DeadLetterSubject("audit.videos.create"), true},
		{natsx.ServiceCatalog, "audit.keys.create", false},
		{natsx.ServiceUpload, "audit.videos.delete", false},
		{natsx.ServiceIdentity, "audit.videos.update", false},
		{natsx.ServiceGateway, "audit.keys.create", false},
		{natsx.ServiceTranscode, "audit.videos.update", false},
		// Forged jobs: only catalog enqueues them.
		{natsx.ServiceGateway, natsx.SubjectTranscodeJobs, false},
		{natsx.ServiceUpload, natsx.SubjectTranscodeJobs, false},
		{natsx.ServiceTranscode, natsx.SubjectTranscodeJobs, false},
		// Forged reports: only transcode sends them.
		{natsx.ServiceCatalog, natsx.SubjectTranscodeCompleted, false},
		{natsx.ServiceGateway, natsx.SubjectTranscodeCompleted, false},
		// Forged events of another service.
		{natsx.ServiceCatalog, natsx.SubjectKeyDeleted, false},
		{natsx.ServiceIdentity, natsx.SubjectVideoDeleted, false},
		{natsx.ServiceIdentity, natsx.SubjectVideoReady, false},
		{natsx.ServiceIdentity, natsx.SubjectUploadQuotaReached, false},
		{natsx.ServiceCatalog, natsx.SubjectUploadQuotaReached, false},
		{natsx.ServiceTranscode, natsx.SubjectVideoUpdated, false},
		{natsx.ServiceHooks, natsx.SubjectVideoUpdated, false},
		// The hooks service announces its own resources, and only those.
		{natsx.ServiceHooks, natsx.SubjectServiceCreated, true},
		{natsx.ServiceHooks, natsx.SubjectHookUpdated, true},
		{natsx.ServiceHooks, natsx.DeadLetterSubject(natsx.SubjectVideoCreated), true},
		{natsx.ServiceHooks, natsx.DeadLetterSubject(natsx.SubjectVideoReady), true},
		{natsx.ServiceHooks, natsx.DeadLetterSubject(natsx.SubjectVideoError), true},
		{natsx.ServiceHooks, natsx.DeadLetterSubject(natsx.SubjectVideoDeleted), true},
		{natsx.ServiceHooks, natsx.SubjectVideoReady, false},
		// Consumers outside the suite publish nothing.
		{natsx.ServiceConsumer, natsx.SubjectVideoReady, false},
		{natsx.ServiceConsumer, natsx.SubjectTranscodeJobs, false},
		{natsx.ServiceCatalog, natsx.SubjectHookCreated, false},
		{natsx.ServiceGateway, natsx.SubjectServiceDeleted, false},
		// View events come from the playback edge only.
		{natsx.ServiceGateway, natsx.SubjectAnalyticsViews, true},
		{natsx.ServiceCatalog, natsx.SubjectAnalyticsViews, false},
		{natsx.ServiceAnalytics, natsx.SubjectAnalyticsViews, false},
		{natsx.ServiceAnalytics, natsx.DeadLetterSubject(natsx.SubjectAnalyticsViews), true},
		// A video's bad hour comes from the analytics service, and that is
		// the one subject of CATALOG it may publish.
		{natsx.ServiceAnalytics, natsx.SubjectVideoExperienceDegraded, true},
		{natsx.ServiceAnalytics, natsx.SubjectVideoUpdated, false},
		{natsx.ServiceGateway, natsx.SubjectVideoExperienceDegraded, false},
		{natsx.ServiceHooks, natsx.SubjectVideoExperienceDegraded, false},
		{natsx.ServiceHooks, natsx.DeadLetterSubject(natsx.SubjectVideoExperienceDegraded), true},
		// Transcribe jobs come from catalog, their reports from transcode.
		{natsx.ServiceCatalog, natsx.SubjectTranscribeJobs, true},
		{natsx.ServiceCatalog, natsx.DeadLetterSubject(natsx.SubjectTranscribeCompleted), true},
		{natsx.ServiceTranscode, natsx.SubjectTranscribeCompleted, true},
		{natsx.ServiceTranscode, natsx.SubjectTranscribeProgress, true},
		{natsx.ServiceTranscode, natsx.DeadLetterSubject(natsx.SubjectTranscribeJobs), true},
		{natsx.ServiceTranscode, natsx.SubjectTranscribeJobs, false},
		{natsx.ServiceGateway, natsx.SubjectTranscribeJobs, false},
		{natsx.ServiceCatalog, natsx.SubjectTranscribeCompleted, false},
		{natsx.ServiceHooks, natsx.SubjectTranscribeFailed, false},
		// Only the catalog cancels a transcribe job.
		{natsx.ServiceCatalog, natsx.TranscribeCancelSubject("V1StGXR8_Z5jdHi6B-myT"), true},
		{natsx.ServiceTranscode, natsx.TranscribeCancelSubject("V1StGXR8_Z5jdHi6B-myT"), false},
		{natsx.ServiceGateway, natsx.TranscribeCancelSubject("V1StGXR8_Z5jdHi6B-myT"), false},
		// Only the catalog cancels a transcode job: a worker's key cannot
		// stop another account's video.
		{natsx.ServiceCatalog, natsx.TranscodeCancelSubject("V1StGXR8_Z5jdHi6B-myT"), true},
		{natsx.ServiceTranscode, natsx.TranscodeCancelSubject("V1StGXR8_Z5jdHi6B-myT"), false},
		{natsx.ServiceGateway, natsx.TranscodeCancelSubject("V1StGXR8_Z5jdHi6B-myT"), false},
	}
	for _, tt := range tests {
		t.Run(tt.service+" "+tt.subject, func(t *testing.T) {
			if !tt.allowed {
				t.Parallel() // after the allowed ones, which change the counts; refusals wait refusalWait each
			}
			violations := make(chan error, 4)
			nc := natstest.ConnectAs(t, url, tt.service, nats.ErrorHandler(func(_ *nats.Conn, _ *nats.Subscription, err error) {
				violations <- err
			}))
			js, err := jetstream.New(nc)
			require.NoError(t, err)
			before := messageCount(t.Context(), t, harness, streamOf(t, harness, tt.subject))

			ctx, cancel := context.WithTimeout(t.Context(), refusalWait)
			defer cancel()
			_, err = js.Publish(ctx, tt.subject, []byte("{}"))

			after := messageCount(t.Context(), t, harness, streamOf(t, harness, tt.subject))
			if tt.allowed {
				require.NoError(t, err)
				assert.Equal(t, before+1, after)
				return
			}
			require.Error(t, err)
			assert.Equal(t, before, after, "the refused message is not stored")
			assertViolation(t, violations)
		})
	}
}

func TestServicesReadTheirStreamsOnly(t *testing.T) {
	url := natstest.Start(t)
	natstest.JetStream(t, url)
	tests := []struct {
		service, stream string
		allowed         bool
	}{
		{natsx.ServiceGateway, natsx.StreamNameIdentity, true},
		// Identity stores every service's audit entries; no one else reads them.
		{natsx.ServiceIdentity, natsx.StreamNameAudit, true},
		{natsx.ServiceCatalog, natsx.StreamNameAudit, false},
		{natsx.ServiceGateway, natsx.StreamNameAudit, false},
		{natsx.ServiceCatalog, natsx.StreamNameMedia, true},
		// Its own video.deleted, to delete the video's media.
		{natsx.ServiceCatalog, natsx.StreamNameCatalog, true},
		{natsx.ServiceTranscode, natsx.StreamNameJobs, true},
		{natsx.ServiceGateway, natsx.StreamNameCatalog, true},
		{natsx.ServiceUpload, natsx.StreamNameCatalog, false},
		{natsx.ServiceGateway, natsx.StreamNameJobs, false},
		{natsx.ServiceUpload, natsx.StreamNameIdentity, false},
		{natsx.ServiceCatalog, natsx.StreamNameIdentity, false},
		// The operator's account changes, for live admission; no one else.
		{natsx.ServiceCatalog, natsx.StreamNameAccounts, true},
		{natsx.ServiceGateway, natsx.StreamNameAccounts, false},
		{natsx.ServiceHooks, natsx.StreamNameAccounts, false},
		{natsx.ServiceTranscode, natsx.StreamNameMedia, false},
		// Notification emails: video.ready|error and upload.quota_reached.
		{natsx.ServiceIdentity, natsx.StreamNameCatalog, true},
		{natsx.ServiceIdentity, natsx.StreamNameUploads, true},
		{natsx.ServiceIdentity, natsx.StreamNameMedia, false},
		{natsx.ServiceAnalytics, natsx.StreamNameViews, true},
		{natsx.ServiceGateway, natsx.StreamNameViews, false},
		{natsx.ServiceAnalytics, natsx.StreamNameCatalog, false},
		// The delivery engine matches hooks on video.created.
		{natsx.ServiceHooks, natsx.StreamNameCatalog, true},
		{natsx.ServiceHooks, natsx.StreamNameIdentity, false},
		// Public events only: video and upload events, not jobs, keys or audit.
		{natsx.ServiceConsumer, natsx.StreamNameCatalog, true},
		{natsx.ServiceConsumer, natsx.StreamNameUploads, true},
		{natsx.ServiceConsumer, natsx.StreamNameJobs, false},
		{natsx.ServiceConsumer, natsx.StreamNameIdentity, false},
		{natsx.ServiceConsumer, natsx.StreamNameAudit, false},
	}
	for _, tt := range tests {
		t.Run(tt.service+" "+tt.stream, func(t *testing.T) {
			if !tt.allowed {
				t.Parallel() // after the allowed ones, which take JOBS's one consumer in turn
			}
			js := natstest.JetStreamAs(t, url, tt.service)
			ctx, cancel := context.WithTimeout(t.Context(), refusalWait)
			defer cancel()

			consumer, err := js.CreateOrUpdateConsumer(ctx, tt.stream, jetstream.ConsumerConfig{AckPolicy: jetstream.AckExplicitPolicy})

			if !tt.allowed {
				assert.Error(t, err)
				return
			}
			require.NoError(t, err)
			// JOBS, a work queue, takes one unfiltered consumer at a time.
			assert.NoError(t, js.DeleteConsumer(t.Context(), tt.stream, consumer.CachedInfo().Name))
		})
	}
}

func TestServicesSubscribeToTheirOwnInboxOnly(t *testing.T) {
	url := natstest.Start(t)
	harness := natstest.Connect(t, url)
	tests := []struct {
		name, subject string
	}{
		{"events directly", "video.>"},
		{"every subject", ">"},
		{"catalog's replies", natsx.InboxPrefix(natsx.ServiceCatalog) + ".>"},
		{"the default inbox", "_INBOX.>"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			violations := make(chan error, 4)
			gateway := natstest.ConnectAs(t, url, natsx.ServiceGateway, nats.ErrorHandler(func(_ *nats.Conn, _ *nats.Subscription, err error) {
				violations <- err
			}))
			sub, err := gateway.SubscribeSync(tt.subject)
			require.NoError(t, err) // refused asynchronously
			require.NoError(t, gateway.Flush())
			require.NoError(t, harness.Publish(concrete(tt.subject), []byte("secret")))

			_, err = sub.NextMsg(refusalWait)
			assert.Error(t, err, "nothing is delivered")
			assertViolation(t, violations)
		})
	}
}

// assertViolation waits for the server's permission error on a connection.
func assertViolation(t *testing.T, violations <-chan error) {
	t.Helper()
	select {
	case err := <-violations:
		assert.ErrorIs(t, err, nats.ErrPermissionViolation)
	case <-time.After(refusalWait):
		t.Error("the server reported no permission violation")
	}
}

// streamOf is the stream that stores subject.
func streamOf(t *testing.T, js jetstream.JetStream, subject string) string {
	t.Helper()
	name, err := js.StreamNameBySubject(t.Context(), subject)
	require.NoError(t, err)
	return name
}

// concrete turns a subscription's subject into one it matches.
func concrete(subject string) string {
	switch subject {
	case ">":
		return "anything"
	}
	if len(subject) > 1 && subject[len(subject)-1] == '>' {
		return subject[:len(subject)-1] + "x"
	}
	return subject
}

// nkeyOf signs in as catalog with the key another root would give it.
func nkeyOf(t *testing.T, root string) nats.Option {
	t.Helper()
	kp, err := natsx.ServiceKey(secrets.MustRoot(root), natsx.ServiceCatalog)
	require.NoError(t, err)
	public, err := kp.PublicKey()
	require.NoError(t, err)
	return nats.Nkey(public, kp.Sign)
}
