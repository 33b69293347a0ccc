package natsx

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

// Stream names.
const (
	StreamNameCatalog    = "CATALOG"
	StreamNameIdentity   = "IDENTITY"
	StreamNameJobs       = "JOBS"
	StreamNameMedia      = "MEDIA"
	StreamNameUploads    = "UPLOADS"
	StreamNameViews      = "VIEWS"
	StreamNameAudit      = "AUDIT"
	StreamNameDeadLetter = "DEADLETTER"
	StreamNameHooks      = "HOOKS"
	// StreamNameAccounts carries the operator's account changes, apart from
	// IDENTITY's key and user events, so the catalog reads only these.
	StreamNameAccounts = "ACCOUNTS"
	// StreamNameCancels holds the catalog's cancels of running jobs, one
	// subject per job, which workers look up by subject.
	StreamNameCancels = "CANCELS"
	// StreamNameChunks holds the records of chunked transcode jobs' plans,
	// one subject per plan, which workers change by compare-and-set.
	StreamNameChunks = "CHUNKS"
)

const (
	// dedupWindow is how long JetStream remembers Nats-Msg-Id values: a
	// republish (outbox relay retry, worker restart) within it is dropped.
	dedupWindow = 2 * time.Minute
	// eventRetention keeps events long enough for a consumer that was down
	// over a weekend to catch up.
	eventRetention = 7 * 24 * time.Hour
	// deadLetterRetention leaves time for a person to look at poison messages.
	deadLetterRetention = 30 * 24 * time.Hour
)

// The streams of docs/architecture.md. Subjects of different streams must not overlap
// (JetStream refuses it), which is why MEDIA lists transcribe.* subjects one
// by one: transcribe.jobs belongs to JOBS.
var (
	StreamCatalog    = eventStream(StreamNameCatalog, "video.>", "category.>", "player.>", "folder.>")
	StreamIdentity   = eventStream(StreamNameIdentity, "key.>", "user.>")
	StreamMedia      = eventStream(StreamNameMedia, SubjectTranscodeProgress, SubjectTranscodeCompleted, SubjectTranscodeFailed, SubjectTranscribeProgress, SubjectTranscribeCompleted, SubjectTranscribeFailed, SubjectLiveStarted, SubjectLiveEnded)
	StreamUploads    = eventStream(StreamNameUploads, "upload.>")
	StreamViews      = eventStream(StreamNameViews, SubjectAnalyticsViews)
	StreamAudit      = eventStream(StreamNameAudit, "audit.>")
	StreamHooks      = eventStream(StreamNameHooks, "service.>", "hook.>")
	StreamAccounts   = eventStream(StreamNameAccounts, "account.>")
	StreamDeadLetter = withMaxAge(eventStream(StreamNameDeadLetter, SubjectDeadLetterPrefix+">"), deadLetterRetention)

	// StreamCancels keeps the last cancel of each transcribe job
	// (transcribe.cancels.<transcribe_id>) and transcode job
	// (transcode.cancels.<job_id>) for a week: longer than a dispatched job
	// holds its account's slot (48 h), so a worker that takes a cancelled
	// job late, or after another worker died, still finds it.
	StreamCancels = withLastPerSubject(eventStream(StreamNameCancels, SubjectTranscribeCancelsPrefix+"*", SubjectTranscodeCancelsPrefix+"*"))

	// StreamChunks keeps the last record of each chunked job's plan
	// (transcode.plans.<plan_id>) for a week, longer than any plan runs;
	// the record's subject sequence is what a compare-and-set expects.
	StreamChunks = withLastPerSubject(eventStream(StreamNameChunks, SubjectTranscodePlansPrefix+"*"))

	// StreamJobs is a work queue: a job is deleted once a worker acks it,
	// and jobs do not expire, whatever the backlog.
	StreamJobs = jetstream.StreamConfig{
		Name:       StreamNameJobs,
		Subjects:   []string{SubjectTranscodeJobs, SubjectTranscodeUnits, SubjectTranscribeJobs},
		Retention:  jetstream.WorkQueuePolicy,
		Storage:    jetstream.FileStorage,
		Duplicates: dedupWindow,
	}
)

func eventStream(name string, subjects ...string) jetstream.StreamConfig {
	return jetstream.StreamConfig{
		Name:       name,
		Subjects:   subjects,
		Retention:  jetstream.LimitsPolicy,
		Storage:    jetstream.FileStorage,
		MaxAge:     eventRetention,
		Duplicates: dedupWindow,
	}
}

func withMaxAge(cfg jetstream.StreamConfig, age time.Duration) jetstream.StreamConfig {
	cfg.MaxAge = age
	return cfg
}

// withLastPerSubject keeps one message per subject: a cancel is a fact,
// not a history, and a worker reads it with one lookup.
func withLastPerSubject(cfg jetstream.StreamConfig) jetstream.StreamConfig {
	cfg.MaxMsgsPerSubject = 1
	return cfg
}

// AllStreams returns copies of every stream definition.
func AllStreams() []jetstream.StreamConfig {
	all := []jetstream.StreamConfig{
		StreamCatalog, StreamIdentity, StreamJobs, StreamMedia,
		StreamUploads, StreamViews, StreamAudit, StreamDeadLetter, StreamHooks, StreamAccounts, StreamCancels,
		StreamChunks,
	}
	for i := range all {
		all[i].Subjects = slices.Clone(all[i].Subjects)
	}
	return all
}

// WithReplicas returns copies of streams kept on replicas servers each. A
// replicas below 1 (a Settings built in code, not from the environment)
// means 1, the single-server default.
func WithReplicas(streams []jetstream.StreamConfig, replicas int) []jetstream.StreamConfig {
	replicas = max(replicas, 1)
	out := make([]jetstream.StreamConfig, len(streams))
	for i, cfg := range streams {
		cfg.Subjects = slices.Clone(cfg.Subjects)
		cfg.Replicas = replicas
		out[i] = cfg
	}
	return out
}

// EnsureStreams creates the streams, or updates them to match, so it can run
// at every start of every replica. With no streams given it ensures
// AllStreams.
func EnsureStreams(ctx context.Context, js jetstream.JetStream, streams ...jetstream.StreamConfig) error {
	if len(streams) == 0 {
		streams = AllStreams()
	}
	for _, cfg := range streams {
		if err := ensureStream(ctx, js, cfg); err != nil {
			return fmt.Errorf("natsx: ensure stream %s: %w", cfg.Name, err)
		}
	}
	return nil
}

// ensureFor bounds how long a start waits for the JetStream cluster to
// take a stream: a cluster whose node just restarted elects its meta
// leader again within seconds (the cluster drill saw a worker give up at
// 5 s, docs/scaling.md), and a process that exits then only starts over.
const ensureFor = 30 * time.Second

// ensureBackoff spaces the attempts.
var ensureBackoff = Backoff{Min: 200 * time.Millisecond, Max: 2 * time.Second}

// ensureStream creates or updates cfg, trying again while the cluster
// cannot answer yet (a timeout, no responders, no meta leader); a refusal
// of the configuration itself is returned at once.
func ensureStream(ctx context.Context, js jetstream.JetStream, cfg jetstream.StreamConfig) error {
	deadline := time.Now().Add(ensureFor)
	for attempt := uint64(1); ; attempt++ {
		_, err := js.CreateOrUpdateStream(ctx, cfg)
		if err == nil || !clusterSettling(err) || time.Now().After(deadline) {
			return err
		}
		select {
		case <-ctx.Done():
			return err
		case <-time.After(ensureBackoff.After(attempt)):
		}
	}
}

// errCodeReplicasNotSupported is nats-server's JSStreamReplicasNotSupportedErr
// ("replicas > 1 not supported in non-clustered mode"), which nats.go has no
// constant for: a configuration refused for good, though sent as a 500.
const errCodeReplicasNotSupported jetstream.ErrorCode = 10074

// clusterSettling reports whether err is JetStream not answering yet
// rather than refusing: worth another attempt.
func clusterSettling(err error) bool {
	var apiErr *jetstream.APIError
	if errors.As(err, &apiErr) {
		if apiErr.ErrorCode == errCodeReplicasNotSupported {
			return false // a 500 that no wait changes: the server is not clustered
		}
		return apiErr.Code == http.StatusServiceUnavailable || apiErr.Code == http.StatusInternalServerError
	}
	return errors.Is(err, context.DeadlineExceeded) || errors.Is(err, nats.ErrTimeout) ||
		errors.Is(err, nats.ErrNoResponders) || errors.Is(err, jetstream.ErrJetStreamNotEnabled)
}
