package natsx

import (
	"slices"
	"sort"

	"github.com/nats-io/nats-server/v2/server"
)

// Service names: each is a NATS user with its own key, inbox and rights.
const (
	ServiceGateway   = "gateway"
	ServiceIdentity  = "identity"
	ServiceCatalog   = "catalog"
	ServiceUpload    = "upload"
	ServiceTranscode = "transcode"
	ServiceHooks     = "hooks"
	ServiceAnalytics = "analytics"
	// ServiceConsumer is the operator's own event consumers
	// (docs/events.md): read-only, on the streams of public events.
	ServiceConsumer = "consumer"
	// Reserved for services still to come: they may connect, and do
	// nothing else until their rights are written here with them.
	ServiceLive = "live"
)

// Rights are what one service may do on the bus. Everything not listed is
// refused by the server: publishing anywhere else, reading any other
// stream, and any core subscription but the service's own inbox.
type Rights struct {
	// Publish lists the subjects of the events and jobs the service emits,
	// and of the dead letters its consumers write.
	Publish []string
	// Ensures lists the streams it creates or updates at start
	// (EnsureStreams), so services may start in any order.
	Ensures []string
	// Reads lists the streams it consumes through JetStream consumers.
	Reads []string
}

// rights is the one table of who may do what on the bus (docs/security.md).
// A service publishes its own events only: a forged transcode job needs
// catalog's key, a forged report transcode's.
var rights = map[string]Rights{
	ServiceGateway: {
		// The playback edge publishes the players' view events
		// (docs/analytics.md).
		Publish: []string{SubjectAnalyticsViews},
		Ensures: []string{StreamNameViews},
		// Key events evict the auth cache; video events the playback
		// edge's video cache (other gateways' changes, in milliseconds).
		Reads: []string{StreamNameIdentity, StreamNameCatalog},
	},
	ServiceIdentity: {
		Publish: slices.Concat([]string{"key.>", "user.>", "account.>", DeadLetterSubject(SubjectAuditPrefix + ">"),
			DeadLetterSubject(SubjectVideoReady), DeadLetterSubject(SubjectVideoError), DeadLetterSubject(SubjectUploadQuotaReached)},
			AuditSubjects("keys", "jwt_keys", "users", "invites", "accounts", "tokens", "identity_providers")),
		// The streams it reads are ensured too, so identity may start
		// before the catalog and the upload service.
		Ensures: []string{StreamNameIdentity, StreamNameAudit, StreamNameCatalog, StreamNameUploads, StreamNameDeadLetter, StreamNameAccounts},
		// Every service's audit entries, which it stores (docs/audit-logs.md);
		// notification emails: video.ready and video.error (CATALOG),
		// upload.quota_reached (UPLOADS).
		Reads: []string{StreamNameAudit, StreamNameCatalog, StreamNameUploads},
	},
	ServiceCatalog: {
		Publish: slices.Concat([]string{"video.>", "category.>", "player.>", "folder.>", SubjectTranscodeJobs,
			DeadLetterSubject(SubjectTranscodeProgress), DeadLetterSubject(SubjectTranscodeCompleted),
			DeadLetterSubject(SubjectTranscodeFailed), DeadLetterSubject(SubjectVideoDeleted),
			DeadLetterSubject(SubjectLiveStarted), DeadLetterSubject(SubjectLiveEnded),
			// Transcribe jobs (docs/transcribes.md) and reports it can never apply.
			SubjectTranscribeJobs, DeadLetterSubject(SubjectTranscribeProgress),
			DeadLetterSubject(SubjectTranscribeCompleted), DeadLetterSubject(SubjectTranscribeFailed),
			// Cancels of dispatched transcribe jobs, and of the transcode jobs
			// of deleted videos, which the workers look up.
			SubjectTranscribeCancelsPrefix + "*", SubjectTranscodeCancelsPrefix + "*",
			DeadLetterSubject(SubjectAccountUpdated)},
			AuditSubjects("videos", "folders", "players", "categories", "leads", "transcribes", "stream_keys", "restreams")),
		Ensures: []string{StreamNameCatalog, StreamNameJobs, StreamNameMedia, StreamNameDeadLetter, StreamNameAudit, StreamNameAccounts, StreamNameCancels},
		// Transcode reports; its own video.deleted, on which it deletes the
		// video's media (the catalog owns the files of its videos); the
		// operator's account changes (account.updated), which live admission
		// follows.
		Reads: []string{StreamNameMedia, StreamNameCatalog, StreamNameAccounts},
	},
	ServiceUpload: {
		Publish: slices.Concat([]string{"upload.>"}, AuditSubjects("uploads")),
		Ensures: []string{StreamNameUploads, StreamNameAudit},
	},
	ServiceTranscode: {
		Publish: []string{SubjectTranscodeProgress, SubjectTranscodeCompleted, SubjectTranscodeFailed,
			DeadLetterSubject(SubjectTranscodeJobs),
			// Its second handler runs transcribe jobs (docs/transcribes.md).
			SubjectTranscribeProgress, SubjectTranscribeCompleted, SubjectTranscribeFailed,
			DeadLetterSubject(SubjectTranscribeJobs),
			// Chunked jobs (docs/transcoding.md, "Distribution"): the units
			// workers hand each other, the plans' records, and the units that
			// failed for good or could not be read.
			SubjectTranscodeUnits, SubjectTranscodePlansPrefix + "*", DeadLetterSubject(SubjectTranscodeUnits)},
		Ensures: []string{StreamNameJobs, StreamNameMedia, StreamNameDeadLetter, StreamNameCancels, StreamNameChunks},
		// A transcribe job's and a transcode job's cancel are looked up by
		// subject (CANCELS), and so is a chunked job's plan record (CHUNKS).
		Reads: []string{StreamNameJobs, StreamNameCancels, StreamNameChunks},
	},
	// The hooks service announces changes to services and hooks, matches
	// hooks on CATALOG's video.created and runs them on video.ready (skips
	// them on video.error and video.deleted), and on the analytics
	// service's video.experience_degraded; it ensures CATALOG too, so it
	// may start before the catalog.
	ServiceHooks: {
		Publish: slices.Concat([]string{"service.>", "hook.>", DeadLetterSubject(SubjectVideoCreated),
			DeadLetterSubject(SubjectVideoReady), DeadLetterSubject(SubjectVideoError), DeadLetterSubject(SubjectVideoDeleted),
			DeadLetterSubject(SubjectVideoExperienceDegraded)},
			AuditSubjects("services", "hooks")),
		Ensures: []string{StreamNameHooks, StreamNameCatalog, StreamNameDeadLetter, StreamNameAudit},
		Reads:   []string{StreamNameCatalog},
	},
	// Consumers outside the suite read the public events (docs/events.md)
	// and publish nothing; they see every account's events.
	ServiceConsumer: {
		Reads: []string{StreamNameCatalog, StreamNameUploads},
	},
	// The analytics service stores the edge's view events and announces a
	// video's bad hour (video.experience_degraded, in CATALOG: that one
	// subject of the catalog's stream, not video.>); it ensures CATALOG so
	// it may start before the catalog. It reads VIEWS only: its one look at
	// a stored message (STREAM.MSG.GET) is of VIEWS, to learn how far its
	// consumer has stored.
	ServiceAnalytics: {
		Publish: []string{DeadLetterSubject(SubjectAnalyticsViews), SubjectVideoExperienceDegraded},
		Ensures: []string{StreamNameViews, StreamNameDeadLetter, StreamNameCatalog},
		Reads:   []string{StreamNameViews},
	},
	// The live service reports events going live and ending (MEDIA); it
	// ensures MEDIA so it may start before the catalog.
	ServiceLive: {
		Publish: []string{SubjectLiveStarted, SubjectLiveEnded},
		Ensures: []string{StreamNameMedia},
	},
}

// Services returns the name of every service of the table, sorted.
func Services() []string {
	names := make([]string, 0, len(rights))
	for name := range rights {
		names = append(names, name)
	}
	sort.Strings(names)
	return names
}

// RightsOf returns service's rights and whether the table names it.
func RightsOf(service string) (Rights, bool) {
	r, ok := rights[service]
	return Rights{Publish: slices.Clone(r.Publish), Ensures: slices.Clone(r.Ensures), Reads: slices.Clone(r.Reads)}, ok
}

// InboxPrefix is where service's replies arrive (JetStream API answers,
// publish acknowledgements, pulled messages). Each service has its own,
// and may subscribe to nothing else, so none reads another's replies.
func InboxPrefix(service string) string { return "_INBOX_" + service }

// ServerPermissions are the server-side permissions of r for service: its
// subjects, the JetStream API calls that ensuring and reading its streams
// take, acknowledgements on the streams it reads, and its inbox.
func (r Rights) ServerPermissions(service string) *server.Permissions {
	publish := append([]string{jsAPI + "INFO"}, r.Publish...)
	for _, stream := range r.Ensures {
		publish = append(publish, jsAPI+"STREAM.CREATE."+stream, jsAPI+"STREAM.UPDATE."+stream, jsAPI+"STREAM.INFO."+stream)
	}
	for _, stream := range r.Reads {
		publish = append(publish,
			jsAPI+"STREAM.INFO."+stream,
			jsAPI+"CONSUMER.CREATE."+stream+".>",
			jsAPI+"CONSUMER.INFO."+stream+".>",
			jsAPI+"CONSUMER.MSG.NEXT."+stream+".>",
			// An ordered consumer deletes its ephemeral consumer when it resets.
			jsAPI+"CONSUMER.DELETE."+stream+".>",
			// One message by subject (a job's cancel): nothing a consumer
			// of the stream could not read anyway.
			jsAPI+"STREAM.MSG.GET."+stream,
			"$JS.ACK."+stream+".>",
		)
	}
	slices.Sort(publish)
	return &server.Permissions{
		Publish:   &server.SubjectPermission{Allow: slices.Compact(publish)},
		Subscribe: &server.SubjectPermission{Allow: []string{InboxPrefix(service) + ".>"}},
	}
}

// jsAPI starts every JetStream API subject.
const jsAPI = "$JS.API."
