package server_test

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/types/known/fieldmaskpb"

	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"

	"github.com/vidhost/vidhost/pkg/grpcx/grpcxtest"
	"github.com/vidhost/vidhost/pkg/ids"
	"github.com/vidhost/vidhost/pkg/timefmt"
)

func TestCategoryLifecycle(t *testing.T) {
	t.Parallel()
	b := setup(t)
	ctx := as(t, b.alice)

	created := createCategory(t, b, b.alice, "Sport", "sport")
	assert.True(t, ids.Valid(created.GetId()))
	assert.Equal(t, "Sport", created.GetName())
	assert.Equal(t, "sport", created.GetValue())
	assert.Equal(t, "alice-user", created.GetCreatedBy())
	assert.Equal(t, "alice-user", created.GetUpdatedBy())
	_, err := time.Parse(timefmt.Layout, created.GetCreatedTime())
	assert.NoError(t, err, "created_time in the interface's format")
	assert.Equal(t, created.GetCreatedTime(), created.GetUpdatedTime())

	got, err := b.client.GetCategory(ctx, &catalogv1.GetCategoryRequest{Id: created.GetId()})
	require.NoError(t, err)
	assert.Equal(t, created.String(), got.String())

	editor := b.alice
	editor.ActorID = "alice-editor"
	updated, err := b.client.UpdateCategory(as(t, editor), &catalogv1.UpdateCategoryRequest{
		Id:         created.GetId(),
		Category:   &catalogv1.Category{Name: "Sports", Value: "ignored: not in the mask"},
		UpdateMask: &fieldmaskpb.FieldMask{Paths: []string{"name"}},
	})
	require.NoError(t, err)
	assert.Equal(t, "Sports", updated.GetName())
	assert.Equal(t, "sport", updated.GetValue(), "value was not in the mask")
	assert.Equal(t, "alice-user", updated.GetCreatedBy())
	assert.Equal(t, "alice-editor", updated.GetUpdatedBy())
	assert.Equal(t, created.GetCreatedTime(), updated.GetCreatedTime())

	_, err = b.client.DeleteCategory(ctx, &catalogv1.DeleteCategoryRequest{Id: created.GetId()})
	require.NoError(t, err)
	_, err = b.client.GetCategory(ctx, &catalogv1.GetCategoryRequest{Id: created.GetId()})
	grpcxtest.RequireStatus(t, err, codes.NotFound, "Not found")
	_, err = b.client.DeleteCategory(ctx, &catalogv1.DeleteCategoryRequest{Id: created.GetId()})
	grpcxtest.RequireStatus(t, err, codes.NotFound, "Not found")
}

func TestCategoryValueIsUniquePerAccount(t *testing.T) {
	t.Parallel()
	b := setup(t)
	sport := createCategory(t, b, b.alice, "Sport", "sport")
	news := createCategory(t, b, b.alice, "News", "news")

	_, err := b.client.CreateCategory(as(t, b.alice), &catalogv1.CreateCategoryRequest{Name: "Sport again", Value: "sport"})
	grpcxtest.RequireStatus(t, err, codes.AlreadyExists, "value is already used by another category")

	_, err = b.client.UpdateCategory(as(t, b.alice), &catalogv1.UpdateCategoryRequest{
		Id: news.GetId(), Category: &catalogv1.Category{Value: "sport"},
		UpdateMask: &fieldmaskpb.FieldMask{Paths: []string{"value"}},
	})
	grpcxtest.RequireStatus(t, err, codes.AlreadyExists, "value is already used by another category")

	other := createCategory(t, b, b.bob, "Sport", "sport")
	assert.NotEqual(t, sport.GetId(), other.GetId(), "another account may use the same value")
}

func TestCategoryValidation(t *testing.T) {
	t.Parallel()
	b := setup(t)
	long := strings.Repeat("x", 41)
	tests := []struct {
		name, categoryName, value, message string
	}{
		{"empty name", "", "v", "name must be 1-40 characters"},
		{"long name", long, "v", "name must be 1-40 characters"},
		{"empty value", "n", "", "value must be 1-40 characters"},
		{"long value", "n", long, "value must be 1-40 characters"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := b.client.CreateCategory(as(t, b.alice), &catalogv1.CreateCategoryRequest{Name: tt.categoryName, Value: tt.value})
			grpcxtest.RequireStatus(t, err, codes.InvalidArgument, tt.message)
		})
	}
}

func TestCategoryUpdateMaskRules(t *testing.T) {
	t.Parallel()
	b := setup(t)
	c := createCategory(t, b, b.alice, "Sport", "sport")
	tests := []struct {
		name    string
		paths   []string
		message string
	}{
		{"empty mask", nil, "request must change at least one field"},
		{"id", []string{"id"}, "id cannot be changed"},
		{"created_time", []string{"name", "created_time"}, "created_time cannot be changed"},
		{"updated_by", []string{"updated_by"}, "updated_by cannot be changed"},
		{"unknown", []string{"colour"}, "colour is not a category field"},
		{"invalid value", []string{"name"}, "name must be 1-40 characters"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := b.client.UpdateCategory(as(t, b.alice), &catalogv1.UpdateCategoryRequest{
				Id: c.GetId(), Category: &catalogv1.Category{Id: ids.New()},
				UpdateMask: &fieldmaskpb.FieldMask{Paths: tt.paths},
			})
			grpcxtest.RequireStatus(t, err, codes.InvalidArgument, tt.message)
		})
	}
	got, err := b.client.GetCategory(as(t, b.alice), &catalogv1.GetCategoryRequest{Id: c.GetId()})
	require.NoError(t, err)
	assert.Equal(t, c.String(), got.String(), "refused updates change nothing")
}
