package job

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/profiles"
	"github.com/vidhost/vidhost/services/transcode/internal/media"
)

func TestValidate(t *testing.T) {
	valid := Job{ID: "j1", AccountID: ids.New(), VideoID: ids.New(), SourceURL: "https://example.com/v.mp4"}
	tests := []struct {
		name   string
		change func(*Job)
		reason string // "" for valid
	}{
		{"valid URL job", func(*Job) {}, ""},
		{"valid upload job", func(j *Job) { j.SourceURL, j.SourceKey = "", "uploads/"+j.AccountID+"/u/source.mp4" }, ""},
		{"valid clip", func(j *Job) { j.Clip = &media.Clip{Start: time.Second, End: 121 * time.Second} }, ""},
		{"no id", func(j *Job) { j.ID = "" }, "job has no id"},
		{"bad video id", func(j *Job) { j.VideoID = "short" }, "job names no valid video_id"},
		{"no account", func(j *Job) { j.AccountID = "" }, "job names no valid account_id"},
		{"account escapes its folder", func(j *Job) { j.AccountID = "../x" }, "job names no valid account_id"},
		{"two sources", func(j *Job) { j.SourceKey = "uploads/a/u/s.mp4" }, "job must name exactly one source"},
		{"no source", func(j *Job) { j.SourceURL = "" }, "job must name exactly one source"},
		{"bad key", func(j *Job) { j.SourceURL, j.SourceKey = "", "uploads//x" }, "source_object_key is not a valid key"},
		{"empty clip", func(j *Job) { j.Clip = &media.Clip{Start: time.Second, End: time.Second} }, "clip must end after it starts"},
		{"clip too long", func(j *Job) { j.Clip = &media.Clip{End: 121 * time.Second} }, "clip must be at most 2m0s long"},
		{"fixed profile", func(j *Job) { j.Transcoder = profiles.Fixed }, ""},
		{"no profile (standard)", func(j *Job) { j.Transcoder = "" }, ""},
		{"unknown profile", func(j *Job) { j.Transcoder = "hyper" },
			`transcoding profile "hyper" is not known to this version of the transcode service`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			j := valid
			tt.change(&j)
			err := j.Validate()
			if tt.reason == "" {
				assert.NoError(t, err)
				return
			}
			var invalid *InvalidError
			if assert.ErrorAs(t, err, &invalid) {
				assert.Equal(t, tt.reason, invalid.Reason)
			}
		})
	}
}

// A job may read its own account's uploads only: a source of another
// account, or a video's files, would be published as the job's video.
func TestValidateRefusesSourcesOfAnotherAccount(t *testing.T) {
	account, other := ids.New(), ids.New()
	tests := []struct {
		name, key string
	}{
		{"another account's upload", "uploads/" + other + "/u/source.mp4"},
		{"another account's video", "videos/" + other + "/" + ids.New() + "/mp4/720p.mp4"},
		{"the account's own video files", "videos/" + account + "/" + ids.New() + "/mp4/720p.mp4"},
		{"the account as the upload", "uploads/x/" + account + "/source.mp4"},
		{"an account whose id starts the same", "uploads/" + account + "x/u/source.mp4"},
		{"not in an upload's folder", "uploads/" + account + "/source.mp4"},
		{"deeper than an upload", "uploads/" + account + "/u/sub/source.mp4"},
		{"outside uploads", "thumbnails/" + account + "/u/t.jpg"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			j := Job{ID: "j1", AccountID: account, VideoID: ids.New(), SourceKey: tt.key}
			var refused *AccountError
			require.ErrorAs(t, j.Validate(), &refused)
			assert.Equal(t, tt.key, refused.Key)
			assert.Equal(t, Failure{Reason: reasonAccount, Permanent: true}, Classify(j.Validate()), "never retried")
		})
	}
}

func TestMediaFolderAndClip(t *testing.T) {
	assert.Equal(t, "videos/acc/vid/", Job{AccountID: "acc", VideoID: "vid"}.MediaFolder())
	assert.Nil(t, ClipFromSeconds(0, 0), "the whole source")
	assert.Equal(t, &media.Clip{Start: 5 * time.Second, End: 10 * time.Second}, ClipFromSeconds(5, 10))
}
