package catalog

import (
	"github.com/vidhost/vidhost/pkg/plans"
	"github.com/vidhost/vidhost/pkg/principal"
	"github.com/vidhost/vidhost/pkg/profiles"
)

// transcoderRule is what a create's transcoder must be, in the interface's
// words.
var transcoderRule = "one of " + profiles.List() + ", or empty for the account's default"

// chooseProfile resolves a new video's transcoding profile: the one its
// create named (already validated) or the default of the principal's plan.
// Transcoder keeps the name only when it is not that default, so the
// interface shows it "only if a custom transcoding profile was used"; the
// comparison is made now, so a later change of plan does not change what
// an existing video says it was made with.
func chooseProfile(p principal.Principal, v *Video) {
	def := plans.DefaultTranscoder(p.Plan)
	v.Profile = def
	if v.Transcoder != "" {
		v.Profile = profiles.Name(v.Transcoder)
	}
	if v.Profile == def {
		v.Transcoder = ""
	}
}

// jobProfile is the profile of a transcode job for v: never empty, so a
// job always says what it asks for. A video created before profiles gets
// the standard one.
func (v Video) jobProfile() profiles.Name {
	if v.Profile == "" {
		return profiles.Standard
	}
	return v.Profile
}
