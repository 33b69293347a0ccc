package protomap

import (
	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"

	"github.com/vidhost/vidhost/pkg/timefmt"
	"github.com/vidhost/vidhost/services/catalog/internal/leads"
)

// Lead returns l as a message.
func Lead(l leads.Lead) *catalogv1.Lead {
	return &catalogv1.Lead{
		Id: l.ID, VideoId: l.VideoID, GateId: l.GateID, Fields: l.Fields, Checkbox: l.Checkbox,
		CreatedBy: l.CreatedBy, CreatedTime: timefmt.Format(l.CreatedTime),
		UpdatedBy: l.UpdatedBy, UpdatedTime: timefmt.Format(l.UpdatedTime),
	}
}

// LeadSubmission returns the submission the playback edge passed on.
func LeadSubmission(in *catalogv1.SubmitLeadRequest) leads.Submission {
	return leads.Submission{
		VideoID: in.GetVideoId(), GateID: in.GetGateId(), Fields: in.GetFields(), Checkbox: in.GetCheckbox(),
	}
}
