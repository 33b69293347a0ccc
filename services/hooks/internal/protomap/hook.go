package protomap

import (
	hooksv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/hooks/v1"

	"github.com/vidhost/vidhost/pkg/filter"
	"github.com/vidhost/vidhost/pkg/timefmt"
	"github.com/vidhost/vidhost/services/hooks/internal/hooks"
)

// Hook returns h as a message.
func Hook(h hooks.Hook) *hooksv1.Hook {
	m := &hooksv1.Hook{
		Id:           h.ID,
		Name:         h.Name,
		Event:        h.Event,
		Filters:      make([]*hooksv1.HookFilter, len(h.Filters)),
		FiltersLogic: string(h.FiltersLogic),
		Service:      h.ServiceID,
		Action:       h.Action,
		Params:       make([]*hooksv1.HookParam, len(h.Params)),
		Enabled:      h.Enabled,
		CreatedBy:    h.CreatedBy,
		CreatedTime:  timefmt.Format(h.CreatedTime),
		UpdatedBy:    h.UpdatedBy,
		UpdatedTime:  timefmt.Format(h.UpdatedTime),
	}
	for i, c := range h.Filters {
		m.Filters[i] = &hooksv1.HookFilter{Field: c.Field, Operator: string(c.Operator), Value: c.Value}
	}
	for i, p := range h.Params {
		m.Params[i] = &hooksv1.HookParam{Field: p.Field, Value: p.Value}
	}
	return m
}

// HookValues returns the client-settable fields of m (nil: none).
func HookValues(m *hooksv1.Hook) hooks.Hook {
	return hooks.Hook{
		Name: m.GetName(), Event: m.GetEvent(), Filters: filters(m.GetFilters()),
		FiltersLogic: filter.Logic(m.GetFiltersLogic()), ServiceID: m.GetService(), Action: m.GetAction(),
		Params: params(m.GetParams()), Enabled: m.GetEnabled(),
	}
}

// NewHook returns the hook a create request describes.
func NewHook(in *hooksv1.CreateHookRequest) hooks.Hook {
	return hooks.Hook{
		Name: in.GetName(), Event: in.GetEvent(), Filters: filters(in.GetFilters()),
		FiltersLogic: filter.Logic(in.GetFiltersLogic()), ServiceID: in.GetService(), Action: in.GetAction(),
		Params: params(in.GetParams()),
	}
}

func filters(in []*hooksv1.HookFilter) []filter.Condition {
	out := make([]filter.Condition, len(in))
	for i, f := range in {
		out[i] = filter.Condition{Field: f.GetField(), Operator: filter.Operator(f.GetOperator()), Value: f.GetValue()}
	}
	return out
}

func params(in []*hooksv1.HookParam) []hooks.Param {
	out := make([]hooks.Param, len(in))
	for i, p := range in {
		out[i] = hooks.Param{Field: p.GetField(), Value: p.GetValue()}
	}
	return out
}

// Delivery returns d as a message.
func Delivery(d hooks.Delivery) *hooksv1.Delivery {
	m := &hooksv1.Delivery{
		Id: d.ID, Hook: d.HookID, Service: d.ServiceID, Video: d.VideoID, Status: d.Status,
		Attempts: int32(d.Attempts), LastHttpStatus: int32(d.LastStatus), //nolint:gosec // bounded counters
		LatencyMs: int32(d.LastLatency.Milliseconds()), Error: d.LastError, //nolint:gosec // one attempt's milliseconds
		CreatedTime: timefmt.Format(d.CreatedTime), UpdatedTime: timefmt.Format(d.UpdatedTime),
	}
	if !d.NextAttempt.IsZero() {
		m.NextAttemptTime = timefmt.Format(d.NextAttempt)
	}
	return m
}
