package server_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/grpc/codes"
	"google.golang.org/protobuf/types/known/fieldmaskpb"

	"github.com/vidhost/vidhost/pkg/grpcx/grpcxtest"
	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"
)

// Another account's ids behave exactly like ids that do not exist, and its
// resources never appear in lists.
func TestTenantIsolation(t *testing.T) {
	t.Parallel()
	b := setup(t)
	category := createCategory(t, b, b.alice, "Sport", "sport")
	player := createPlayer(t, b, b.alice, "Main")
	bob := as(t, b.bob)
	nameMask := &fieldmaskpb.FieldMask{Paths: []string{"name"}}

	calls := map[string]func() error{
		"get category": func() error {
			_, err := b.client.GetCategory(bob, &catalogv1.GetCategoryRequest{Id: category.GetId()})
			return err
		},
		"update category": func() error {
			_, err := b.client.UpdateCategory(bob, &catalogv1.UpdateCategoryRequest{
				Id: category.GetId(), Category: &catalogv1.Category{Name: "Mine"}, UpdateMask: nameMask})
			return err
		},
		"delete category": func() error {
			_, err := b.client.DeleteCategory(bob, &catalogv1.DeleteCategoryRequest{Id: category.GetId()})
			return err
		},
		"get player": func() error {
			_, err := b.client.GetPlayer(bob, &catalogv1.GetPlayerRequest{Id: player.GetId()})
			return err
		},
		"update player": func() error {
			_, err := b.client.UpdatePlayer(bob, &catalogv1.UpdatePlayerRequest{
				Id: player.GetId(), Player: &catalogv1.Player{Name: "Mine"}, UpdateMask: nameMask})
			return err
		},
		"delete player": func() error {
			_, err := b.client.DeletePlayer(bob, &catalogv1.DeletePlayerRequest{Id: player.GetId()})
			return err
		},
	}
	for name, call := range calls {
		t.Run(name, func(t *testing.T) {
			grpcxtest.RequireStatus(t, call(), codes.NotFound, "Not found")
		})
	}

	categories, err := b.client.ListCategories(bob, &catalogv1.ListCategoriesRequest{})
	require.NoError(t, err)
	assert.Empty(t, categories.GetItems())
	players, err := b.client.ListPlayers(bob, &catalogv1.ListPlayersRequest{})
	require.NoError(t, err)
	assert.Empty(t, players.GetItems())

	stillThere, err := b.client.GetCategory(as(t, b.alice), &catalogv1.GetCategoryRequest{Id: category.GetId()})
	require.NoError(t, err)
	assert.Equal(t, "Sport", stillThere.GetName(), "bob's calls changed nothing")
	_, err = b.client.GetPlayer(as(t, b.alice), &catalogv1.GetPlayerRequest{Id: player.GetId()})
	require.NoError(t, err, "bob's delete removed nothing")
}
