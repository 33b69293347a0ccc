package playbacktest

import (
	"context"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"

	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"
)

// SetLeadAnswer makes SubmitLead fail with code and message; codes.OK
// makes it store submissions again.
func (c *Catalog) SetLeadAnswer(code codes.Code, message string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.leadAnswer = status.New(code, message)
}

// SubmittedLeads returns the submissions SubmitLead stored.
func (c *Catalog) SubmittedLeads() []*catalogv1.SubmitLeadRequest {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]*catalogv1.SubmitLeadRequest(nil), c.leads...)
}

// SubmitLead needs no principal, like the real one; it stores the
// submission unless told to fail.
func (c *Catalog) SubmitLead(_ context.Context, in *catalogv1.SubmitLeadRequest) (*catalogv1.Lead, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.leadAnswer.Code() != codes.OK {
		return nil, c.leadAnswer.Err()
	}
	c.leads = append(c.leads, proto.Clone(in).(*catalogv1.SubmitLeadRequest))
	return &catalogv1.Lead{VideoId: in.GetVideoId(), GateId: in.GetGateId(), Fields: in.GetFields(), Checkbox: in.GetCheckbox()}, nil
}
