package metrics

import "github.com/prometheus/client_golang/prometheus"

// durationBuckets suit API calls: 5 ms to 10 s.
var durationBuckets = []float64{.005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5, 10}

// jobBuckets suit media jobs: a second to an hour.
var jobBuckets = []float64{1, 5, 15, 30, 60, 120, 300, 600, 1200, 3600}

// HTTP: the gateway's requests, by route template (never the raw path,
// which holds ids and would grow without bound).
var (
	HTTPRequests = counterVec(prometheus.CounterOpts{
		Name: "vidhost_http_requests_total",
		Help: "HTTP requests served by the gateway, by route template, method and status code.",
	}, []string{"route", "method", "code"})
	HTTPDuration = histogramVec(prometheus.HistogramOpts{
		Name:    "vidhost_http_request_duration_seconds",
		Help:    "Time to serve an HTTP request at the gateway, by route template and method.",
		Buckets: durationBuckets,
	}, []string{"route", "method"})
)

// gRPC: every unary call, on the server and on the client side.
var (
	GRPCServerHandled = counterVec(prometheus.CounterOpts{
		Name: "vidhost_grpc_server_handled_total",
		Help: "gRPC calls handled, by full method and status code.",
	}, []string{"method", "code"})
	GRPCServerDuration = histogramVec(prometheus.HistogramOpts{
		Name:    "vidhost_grpc_server_handling_seconds",
		Help:    "Time to handle a gRPC call, by full method.",
		Buckets: durationBuckets,
	}, []string{"method"})
	GRPCClientHandled = counterVec(prometheus.CounterOpts{
		Name: "vidhost_grpc_client_handled_total",
		Help: "gRPC calls made to other services, by full method and status code.",
	}, []string{"method", "code"})
	GRPCClientDuration = histogramVec(prometheus.HistogramOpts{
		Name:    "vidhost_grpc_client_handling_seconds",
		Help:    "Time a gRPC call to another service took, by full method.",
		Buckets: durationBuckets,
	}, []string{"method"})
)

// JetStream consumers, sampled from the server's consumer info.
var (
	ConsumerPending = gaugeVec(prometheus.GaugeOpts{
		Name: "vidhost_jetstream_consumer_pending_messages",
		Help: "Messages in a durable consumer's stream not yet delivered to it (num_pending): its lag.",
	}, []string{"stream", "consumer"})
	ConsumerAckPending = gaugeVec(prometheus.GaugeOpts{
		Name: "vidhost_jetstream_consumer_ack_pending_messages",
		Help: "Messages delivered to a durable consumer and not yet acknowledged (num_ack_pending).",
	}, []string{"stream", "consumer"})
	ConsumerRedelivered = gaugeVec(prometheus.GaugeOpts{
		Name: "vidhost_jetstream_consumer_redelivered_messages",
		Help: "Messages a durable consumer has had delivered more than once and not yet acknowledged.",
	}, []string{"stream", "consumer"})
)

// Jobs: transcodes and transcribes.
var (
	Jobs = counterVec(prometheus.CounterOpts{
		Name: "vidhost_jobs_total",
		Help: "Media jobs finished, by kind (transcode, transcribe) and outcome (succeeded, failed, retried).",
	}, []string{"kind", "outcome"})
	JobDuration = histogramVec(prometheus.HistogramOpts{
		Name:    "vidhost_job_duration_seconds",
		Help:    "Time one attempt of a media job took, by kind and outcome.",
		Buckets: jobBuckets,
	}, []string{"kind", "outcome"})
	JobsRunning = gaugeVec(prometheus.GaugeOpts{
		Name: "vidhost_jobs_running",
		Help: "Media jobs running in this process, by kind.",
	}, []string{"kind"})
	FFmpegSpeed = histogram(prometheus.HistogramOpts{
		Name:    "vidhost_ffmpeg_speed_ratio",
		Help:    "Seconds of media transcoded per second of wall-clock time (ffmpeg's speed, x realtime), per finished transcode.",
		Buckets: []float64{0.1, 0.25, 0.5, 1, 1.5, 2, 3, 5, 10, 20},
	})
)

// OutboxPending counts outbox rows committed and not yet published, per
// schema: a growing value means the relay is stuck or JetStream is down.
var OutboxPending = gaugeVec(prometheus.GaugeOpts{
	Name: "vidhost_outbox_pending_messages",
	Help: "Outbox rows waiting to be published to JetStream, by the service's schema.",
}, []string{"schema"})

// HookDeliveries counts hook delivery attempts by outcome.
var HookDeliveries = counterVec(prometheus.CounterOpts{
	Name: "vidhost_hook_deliveries_total",
	Help: "Hook delivery attempts recorded, by the delivery's status after it (succeeded, pending: to be retried, failed, skipped).",
}, []string{"outcome"})

// AnalyticsEvents counts player beacons stored by the analytics service.
var AnalyticsEvents = counter(prometheus.CounterOpts{
	Name: "vidhost_analytics_events_ingested_total",
	Help: "Player events (views) the analytics service stored.",
})

// BeaconAdjustments counts the viewing-experience figures the edge's
// /collect clamped or dropped, by reason (docs/analytics.md, "Bad input").
var BeaconAdjustments = counterVec(prometheus.CounterOpts{
	Name: "vidhost_analytics_beacon_adjustments_total",
	Help: "Player beacons whose experience figures /collect clamped or dropped, by reason (startup_out_of_range, heartbeat_clamped, heartbeat_flood, error_repeat, unknown_error_class).",
}, []string{"reason"})

// ExperienceAlerts counts the analytics service's video.experience_degraded
// alerts recorded, by the condition that held (startup_time_p95,
// error_rate; an alert naming both counts in each), docs/analytics.md,
// "Alerts".
var ExperienceAlerts = counterVec(prometheus.CounterOpts{
	Name: "vidhost_analytics_experience_alerts_total",
	Help: "Videos' bad hours the analytics service announced (video.experience_degraded), by the condition that held (startup_time_p95, error_rate).",
}, []string{"condition"})

// PasswordHashes counts identity's argon2id computations, by op (hash,
// verify) and outcome (done; busy: refused, every slot of the gate taken;
// canceled: the caller left while waiting).
var PasswordHashes = counterVec(prometheus.CounterOpts{
	Name: "vidhost_password_hashes_total",
	Help: "Password hashes (argon2id) identity computed or refused, by op (hash, verify) and outcome (done, busy, canceled).",
}, []string{"op", "outcome"})

// ReadyChecks reports each readiness check's last result (1 ok, 0 failing).
var ReadyChecks = gaugeVec(prometheus.GaugeOpts{
	Name: "vidhost_ready_check",
	Help: "Last result of a readiness check (1 passing, 0 failing), by check name.",
}, []string{"check"})
