package server_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/types/known/fieldmaskpb"

	hooksv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/hooks/v1"

	"github.com/vidhost/vidhost/pkg/grpcx/grpcxtest"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/natsx"
)

func TestAHookNeedsAServiceFirst(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := as(t, b.alice)
	req := &hooksv1.CreateHookRequest{Name: "Mirror", Event: "video.created", Service: ids.New(), Action: "videos.insert"}

	_, err := b.client.CreateHook(ctx, req)
	grpcxtest.RequireStatus(t, err, codes.InvalidArgument, "a service must exist first")

	createWebhook(t, b, b.alice)
	_, err = b.client.CreateHook(ctx, req)
	grpcxtest.RequireStatus(t, err, codes.InvalidArgument, "service must be one of the account's services")

	// Another account's service is none of alice's.
	bobs := createWebhook(t, b, b.bob)
	req.Service = bobs.GetId()
	_, err = b.client.CreateHook(ctx, req)
	grpcxtest.RequireStatus(t, err, codes.InvalidArgument, "service must be one of the account's services")
}

func TestCreateHookWithFiltersAndParams(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := as(t, b.alice)
	mirror := createVidhost(t, b)
	created, err := b.client.CreateHook(ctx, &hooksv1.CreateHookRequest{
		Name: "Mirror launches", Event: "video.created", Service: mirror.GetId(), Action: "videos.insert",
		Filters: []*hooksv1.HookFilter{
			{Field: "tags", Operator: "==", Value: "launch"},
			{Field: "duration", Operator: ">=", Value: "60"},
		},
		FiltersLogic: "or",
		Params:       []*hooksv1.HookParam{{Field: "privacy", Value: "private"}, {Field: "name", Value: "Copy of {name}"}},
	})
	require.NoError(t, err)
	assert.Len(t, created.GetId(), 21)
	assert.True(t, created.GetEnabled())
	assert.Equal(t, "or", created.GetFiltersLogic())
	assert.Equal(t, mirror.GetId(), created.GetService())
	require.Len(t, created.GetFilters(), 2)
	assert.Equal(t, ">=", created.GetFilters()[1].GetOperator())

	got, err := b.client.GetHook(ctx, &hooksv1.GetHookRequest{Id: created.GetId()})
	require.NoError(t, err)
	assert.Equal(t, created.GetParams()[1].GetValue(), got.GetParams()[1].GetValue())
	assert.Equal(t, created.GetCreatedTime(), got.GetCreatedTime())

	defaulted := createHook(t, b, b.alice, mirror.GetId())
	assert.Equal(t, "and", defaulted.GetFiltersLogic(), "filters_logic defaults to and")
}

func TestHookValidation(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := as(t, b.alice)
	webhook := createWebhook(t, b, b.alice)
	valid := func() *hooksv1.CreateHookRequest {
		return &hooksv1.CreateHookRequest{Name: "Hook", Event: "video.created", Service: webhook.GetId(), Action: "videos.insert"}
	}
	tests := []struct {
		name   string
		change func(*hooksv1.CreateHookRequest)
		want   string
	}{
		{"name", func(r *hooksv1.CreateHookRequest) { r.Name = "" }, "name must be 1-40 characters"},
		{"event", func(r *hooksv1.CreateHookRequest) { r.Event = "video.ready" }, "event must be video.created or video.experience_degraded"},
		{"an alert field on video.created", func(r *hooksv1.CreateHookRequest) {
			r.Filters = []*hooksv1.HookFilter{{Field: "error_rate", Operator: ">", Value: "0.5"}}
		}, "filters[0].field must be one of categories, description, duration, folder, name, privacy, spherical, tags, type"},
		{"action", func(r *hooksv1.CreateHookRequest) { r.Action = "videos.copy" }, "action must be videos.insert"},
		{"unknown field", func(r *hooksv1.CreateHookRequest) {
			r.Filters = []*hooksv1.HookFilter{{Field: "colour", Operator: "==", Value: "red"}}
		}, "filters[0].field must be one of categories, description, duration, folder, name, privacy, spherical, tags, type"},
		{"unknown operator", func(r *hooksv1.CreateHookRequest) {
			r.Filters = []*hooksv1.HookFilter{{Field: "name", Operator: "LIKE", Value: "x"}}
		}, "filters[0].operator must be one of == != >= <= =@ !@ > <"},
		{"logic", func(r *hooksv1.CreateHookRequest) { r.FiltersLogic = "nand" }, "filters_logic must be and or or"},
		{"webhook params", func(r *hooksv1.CreateHookRequest) {
			r.Params = []*hooksv1.HookParam{{Field: "prefix", Value: "x"}}
		}, "params must be empty for a webhook service"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := valid()
			tt.change(req)
			_, err := b.client.CreateHook(ctx, req)
			grpcxtest.RequireStatus(t, err, codes.InvalidArgument, tt.want)
		})
	}
}

func TestDeletingAServiceDisablesItsHooks(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := as(t, b.alice)
	webhook := createWebhook(t, b, b.alice)
	other := createWebhook(t, b, b.alice)
	hook := createHook(t, b, b.alice, webhook.GetId())
	untouched := createHook(t, b, b.alice, other.GetId())
	events := b.events(t)

	_, err := b.client.DeleteService(ctx, &hooksv1.DeleteServiceRequest{Id: webhook.GetId()})
	require.NoError(t, err)

	got, err := b.client.GetHook(ctx, &hooksv1.GetHookRequest{Id: hook.GetId()})
	require.NoError(t, err)
	assert.False(t, got.GetEnabled())
	assert.Equal(t, webhook.GetId(), got.GetService(), "the hook still says which service it ran on")
	still, err := b.client.GetHook(ctx, &hooksv1.GetHookRequest{Id: untouched.GetId()})
	require.NoError(t, err)
	assert.True(t, still.GetEnabled())
	subjects := map[string]int{}
	for range 6 { // two service.created, two hook.created, then the deletion's two
		subjects[next(t, events).Subject()]++
	}
	assert.Equal(t, 1, subjects[natsx.SubjectHookUpdated], "the disabled hook is announced")
	assert.Equal(t, 1, subjects[natsx.SubjectServiceDeleted])

	// Enabling it again needs a service.
	enable := &hooksv1.UpdateHookRequest{Id: hook.GetId(), Hook: &hooksv1.Hook{Enabled: true},
		UpdateMask: &fieldmaskpb.FieldMask{Paths: []string{"enabled"}}}
	_, err = b.client.UpdateHook(ctx, enable)
	grpcxtest.RequireStatus(t, err, codes.InvalidArgument, "enabled can be true only with an existing service: set service too")
	// A disabled hook can still be renamed.
	_, err = b.client.UpdateHook(ctx, &hooksv1.UpdateHookRequest{Id: hook.GetId(), Hook: &hooksv1.Hook{Name: "Parked"},
		UpdateMask: &fieldmaskpb.FieldMask{Paths: []string{"name"}}})
	require.NoError(t, err)
	enable.Hook.Service = other.GetId()
	enable.UpdateMask.Paths = []string{"enabled", "service"}
	again, err := b.client.UpdateHook(ctx, enable)
	require.NoError(t, err)
	assert.True(t, again.GetEnabled())
	assert.Equal(t, other.GetId(), again.GetService())
}

func TestPatchHook(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := as(t, b.alice)
	webhook := createWebhook(t, b, b.alice)
	hook := createHook(t, b, b.alice, webhook.GetId())

	patched, err := b.client.UpdateHook(ctx, &hooksv1.UpdateHookRequest{Id: hook.GetId(),
		Hook:       &hooksv1.Hook{Filters: []*hooksv1.HookFilter{{Field: "privacy", Operator: "!=", Value: "private"}}, FiltersLogic: "or"},
		UpdateMask: &fieldmaskpb.FieldMask{Paths: []string{"filters", "filters_logic"}}})
	require.NoError(t, err)
	require.Len(t, patched.GetFilters(), 1)
	assert.Equal(t, "or", patched.GetFiltersLogic())
	assert.Equal(t, hook.GetName(), patched.GetName())

	_, err = b.client.UpdateHook(ctx, &hooksv1.UpdateHookRequest{Id: hook.GetId(),
		Hook:       &hooksv1.Hook{Params: []*hooksv1.HookParam{{Field: "prefix", Value: "x"}}},
		UpdateMask: &fieldmaskpb.FieldMask{Paths: []string{"params"}}})
	grpcxtest.RequireStatus(t, err, codes.InvalidArgument, "params must be empty for a webhook service")
	_, err = b.client.UpdateHook(ctx, &hooksv1.UpdateHookRequest{Id: hook.GetId(),
		Hook: &hooksv1.Hook{Service: ids.New()}, UpdateMask: &fieldmaskpb.FieldMask{Paths: []string{"service"}}})
	grpcxtest.RequireStatus(t, err, codes.InvalidArgument, "service must be one of the account's services")
	_, err = b.client.UpdateHook(as(t, b.bob), &hooksv1.UpdateHookRequest{Id: hook.GetId(),
		Hook: &hooksv1.Hook{Name: "Bob's"}, UpdateMask: &fieldmaskpb.FieldMask{Paths: []string{"name"}}})
	grpcxtest.RequireStatus(t, err, codes.NotFound, "Not found")

	_, err = b.client.DeleteHook(ctx, &hooksv1.DeleteHookRequest{Id: hook.GetId()})
	require.NoError(t, err)
	_, err = b.client.GetHook(ctx, &hooksv1.GetHookRequest{Id: hook.GetId()})
	grpcxtest.RequireStatus(t, err, codes.NotFound, "Not found")
}
