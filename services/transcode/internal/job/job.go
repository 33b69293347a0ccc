package job

import (
	"fmt"
	"time"

	"github.com/vidhost/vidhost/pkg/blob"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/profiles"
	"github.com/vidhost/vidhost/services/transcode/internal/liveclip"
	"github.com/vidhost/vidhost/services/transcode/internal/media"
)

// Job is a TranscodeJob as the worker runs it.
type Job struct {
	// ID is the job's event id: the same on every redelivery, so it names
	// the job's final events.
	ID        string
	AccountID string
	VideoID   string
	// Exactly one of SourceURL (an http(s) URL) and SourceKey (the blob key
	// of an upload, in the store the outputs go to) is set.
	SourceURL string
	SourceKey string
	// SourceMaxBytes bounds the download of SourceURL: what the account's
	// upload quotas leave for it (0: the worker's own cap only).
	SourceMaxBytes int64
	Clip           *media.Clip // nil for the whole source
	// Spherical is the catalog's 360° flag; outputs keep the 360° metadata
	// the source carries whatever its value.
	Spherical bool
	// Transcoder is the transcoding profile (pkg/profiles); empty, as in a
	// job enqueued before profiles, is profiles.Standard.
	Transcoder profiles.Name
	// Live, instead of SourceURL or SourceKey, is an instant clip of a live
	// event: its segments are copied, nothing is encoded (live.go).
	Live *liveclip.Clip
}

// MediaFolder is the blob prefix of the video's files
// (blob.VideoPrefix). Output paths are relative to it. Run validates every
// job before it stores anything, so the ids are well-formed here; one that
// is not is a bug, and storing its files outside its folder would be worse
// than stopping.
func (j Job) MediaFolder() string {
	folder, err := blob.VideoPrefix(j.AccountID, j.VideoID)
	if err != nil {
		panic("job: media folder of an unvalidated job: " + err.Error())
	}
	return folder
}

// InvalidError is a job message that can never be run. Its text is shown
// to the user as the reason the video failed.
type InvalidError struct {
	Reason string
}

func (e *InvalidError) Error() string { return "invalid transcode job: " + e.Reason }

// Validate checks what the worker relies on: ids that make valid blob keys,
// one source, and a clip the interface allows.
func (j Job) Validate() error {
	return j.validate(j.isUploadOfAccount)
}

// validate is Validate with sourceOK deciding which source keys are the
// job's: a job's are its account's uploads; a unit's may also be its
// plan's copy of a URL source (Unit.Validate).
func (j Job) validate(sourceOK func(key string) bool) error {
	switch {
	case j.ID == "":
		return &InvalidError{Reason: "job has no id"}
	case !ids.Valid(j.VideoID):
		return &InvalidError{Reason: "job names no valid video_id"}
	case blob.ValidateID(j.AccountID) != nil:
		return &InvalidError{Reason: "job names no valid account_id"}
	case sources(j) != 1:
		return &InvalidError{Reason: "job must name exactly one source"}
	case j.Live != nil:
		return validateLive(j)
	case j.SourceKey != "" && blob.ValidateKey(j.SourceKey) != nil:
		return &InvalidError{Reason: "source_object_key is not a valid key"}
	case j.SourceKey != "" && !sourceOK(j.SourceKey):
		return &AccountError{Key: j.SourceKey, AccountID: j.AccountID}
	case !knownProfile(j.Transcoder):
		// A newer catalog's profile: retrying on this worker cannot help.
		return &InvalidError{Reason: fmt.Sprintf(
			"transcoding profile %q is not known to this version of the transcode service", j.Transcoder)}
	}
	return validateClip(j.Clip)
}

// sources counts the sources j names.
func sources(j Job) int {
	n := 0
	for _, set := range []bool{j.SourceURL != "", j.SourceKey != "", j.Live != nil} {
		if set {
			n++
		}
	}
	return n
}

// isUploadOfAccount reports whether key is an upload of the job's account,
// uploads/<account>/<upload>/<name>, the only sources catalog sends. A key
// of the right shape but another account (another tenant's upload, or
// anything under videos/) would have the worker publish that file as the
// job's video. Outputs need no such check: MediaFolder builds them under
// the job's account.
func (j Job) isUploadOfAccount(key string) bool {
	account, _, _, ok := blob.ParseUploadKey(key)
	return ok && account == j.AccountID
}

// AccountError is a job whose source is not its account's: forged or
// misrouted, so nothing it names is trusted, not even its video. The worker
// dead-letters it without running or reporting it.
type AccountError struct {
	Key, AccountID string
}

func (e *AccountError) Error() string {
	return fmt.Sprintf("transcode job of account %q names source %q, which is not one of its uploads", e.AccountID, e.Key)
}

// knownProfile reports whether name is a profile this worker can make
// (empty is the standard one).
func knownProfile(name profiles.Name) bool {
	_, err := profiles.Parse(string(name))
	return err == nil
}

func validateClip(clip *media.Clip) error {
	switch {
	case clip == nil:
		return nil
	case clip.Start < 0 || clip.End <= clip.Start:
		return &InvalidError{Reason: "clip must end after it starts"}
	case clip.Length() > media.MaxClipLength:
		return &InvalidError{Reason: fmt.Sprintf("clip must be at most %s long", media.MaxClipLength)}
	}
	return nil
}

// ClipFromSeconds is the clip of a TranscodeJob's bounds: nil when both
// are zero (the whole source).
func ClipFromSeconds(start, end int32) *media.Clip {
	if start == 0 && end == 0 {
		return nil
	}
	return &media.Clip{Start: time.Duration(start) * time.Second, End: time.Duration(end) * time.Second}
}
