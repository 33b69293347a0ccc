// Package plans is the table of the plans an account can be on and what each
// includes. It is a Go table rather than a database table because two
// services read it (identity stores an account's plan name and derives the
// principal's capabilities from it; catalog names the plan that has a
// missing capability), each service owns its own schema, and a typed,
// compiled table cannot drift between them. docs/plans.md documents the same
// rows, and a test keeps the two in step.
package plans

import (
	"fmt"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/profiles"
)

// Names of the plans, cheapest first.
const (
	Free       = "free"
	Pro        = "pro"
	Enterprise = "enterprise"
)

// Plan is one row of the table: a name and the capabilities it includes.
type Plan struct {
	Name string
	// LiveStreaming allows videos of type "event".
	LiveStreaming bool
	// AuditLogs allows GET /v2/audit_logs.
	AuditLogs bool
	// UploadQuotaBytes bounds the bytes of the account's stored uploads.
	UploadQuotaBytes int64
	// MaxUsers bounds the account's users, owner included.
	MaxUsers int
	// MaxLiveEvents bounds the account's events live at once (0 with
	// LiveStreaming off). A publisher beyond it is refused at ingest.
	MaxLiveEvents int
	// MaxIngestBitrate bounds a live publisher's measured bitrate, in bits
	// per second (audio and video together, as received); a stream that
	// stays above it is cut (docs/live.md).
	MaxIngestBitrate int64
	// MaxRestreams bounds a live event's restream outputs (other
	// platforms it is simulcast to, docs/live.md), enabled or not.
	MaxRestreams int
	// Transcoder is the transcoding profile a video of the account gets
	// when its create names none (docs/transcoding.md, "Profiles").
	Transcoder profiles.Name
}

const (
	gib  = int64(1) << 30
	mbps = int64(1_000_000)
)

// all is the table, cheapest plan first: Cheapest relies on the order.
//
// Every plan defaults to the standard profile today: efficient's AV1
// renditions take 2-4x the encoding CPU of the H.264 ladder
// (bench/quality), so its videos are ready later on the same workers (their
// first H.264 segments play about as early: the AV1 set encodes in the
// background); any account may ask for it on a video (POST /v2/videos,
// transcoder). The column is per plan so that an operator with the CPU can
// make efficient a plan's default (docs/transcoding.md, AV1 rungs).
var all = []Plan{
	{Name: Free, LiveStreaming: false, AuditLogs: false, UploadQuotaBytes: 10 * gib, MaxUsers: 1,
		MaxLiveEvents: 0, MaxIngestBitrate: 0, MaxRestreams: 0, Transcoder: profiles.Standard},
	{Name: Pro, LiveStreaming: true, AuditLogs: false, UploadQuotaBytes: 1024 * gib, MaxUsers: 10,
		MaxLiveEvents: 1, MaxIngestBitrate: 6 * mbps, MaxRestreams: 5, Transcoder: profiles.Standard},
	{Name: Enterprise, LiveStreaming: true, AuditLogs: true, UploadQuotaBytes: 10 * 1024 * gib, MaxUsers: 1000,
		MaxLiveEvents: 10, MaxIngestBitrate: 20 * mbps, MaxRestreams: 50, Transcoder: profiles.Standard},
}

// All returns every plan, cheapest first.
func All() []Plan { return append([]Plan(nil), all...) }

// Lookup returns the plan called name.
func Lookup(name string) (Plan, bool) {
	for _, p := range all {
		if p.Name == name {
			return p, true
		}
	}
	return Plan{}, false
}

// DefaultTranscoder is the transcoding profile of a video whose create
// names none, on the plan called name. A principal with no known plan
// gets the cheapest plan's, as the upload quota does.
func DefaultTranscoder(name string) profiles.Name {
	if p, ok := Lookup(name); ok {
		return p.Transcoder
	}
	return all[0].Transcoder
}

// Validate checks that name is a known plan, in the interface's words.
func Validate(field, name string) error {
	if _, ok := Lookup(name); !ok {
		return apperr.InvalidField(field, "must be one of free, pro, enterprise")
	}
	return nil
}

// Cheapest returns the cheapest plan for which has is true.
func Cheapest(has func(Plan) bool) (Plan, bool) {
	for _, p := range all {
		if has(p) {
			return p, true
		}
	}
	return Plan{}, false
}

// Required is the error for a capability the account's plan lacks: a 403
// with code plan_required naming the cheapest plan that has it.
func Required(capability string, has func(Plan) bool) error {
	p, ok := Cheapest(has)
	if !ok {
		return &apperr.Denied{Code: apperr.CodePlanRequired, Reason: fmt.Sprintf("%s is not included in any plan", capability)}
	}
	return &apperr.Denied{Code: apperr.CodePlanRequired,
		Reason: fmt.Sprintf("%s requires the %s plan or higher", capability, p.Name)}
}
