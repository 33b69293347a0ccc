package protomap

import (
	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"

	"github.com/vidhost/vidhost/services/catalog/internal/clips"
)

// ClipRequest returns an instant clip's request as the domain's; an
// unsent bound stays nil.
func ClipRequest(in *catalogv1.CreateClipRequest) clips.Request {
	r := clips.Request{EventID: in.GetVideoId(), Name: in.GetName()}
	if in.StartSeconds != nil {
		start := int(in.GetStartSeconds())
		r.Start = &start
	}
	if in.EndSeconds != nil {
		end := int(in.GetEndSeconds())
		r.End = &end
	}
	return r
}
