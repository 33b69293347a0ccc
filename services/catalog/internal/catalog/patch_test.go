package catalog

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestPatchCheck(t *testing.T) {
	tests := []struct {
		name    string
		paths   []string
		wantErr string
	}{
		{"one field", []string{"autoplay"}, ""},
		{"several fields", []string{"name", "controls", "show_name"}, ""},
		{"empty mask", nil, "request must change at least one field"},
		{"empty body through the gateway", []string{""}, "request must change at least one field"},
		{"id", []string{"name", "id"}, "id cannot be changed"},
		{"created_by", []string{"created_by"}, "created_by cannot be changed"},
		{"created_time", []string{"created_time"}, "created_time cannot be changed"},
		{"updated_by", []string{"updated_by"}, "updated_by cannot be changed"},
		{"updated_time", []string{"updated_time"}, "updated_time cannot be changed"},
		{"unknown field", []string{"volume"}, "volume is not a player field"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			patch := Patch[Player]{Paths: tt.paths}
			assertValidation(t, patch.check(playerFields, "player"), tt.wantErr)
		})
	}
}

func TestPatchAppliesOnlyMaskedFields(t *testing.T) {
	current := DefaultPlayer()
	current.ID, current.Name, current.Colour = "id", "Main", "#ffffff"
	// Values carries zero values for everything but what the client sent;
	// only the masked field may be copied.
	patch := Patch[Player]{Paths: []string{"autoplay"}, Values: Player{Autoplay: true}}

	got := patch.apply(current, playerFields)

	want := current
	want.Autoplay = true
	assert.Equal(t, want, got)
	assert.True(t, got.Playsinline, "playsinline keeps its value")
}

func TestEveryWritablePlayerFieldIsPatchable(t *testing.T) {
	values := Player{
		Name: "New", Analytics: "none", Autoplay: true, Muted: true, Playsinline: false, Preload: false,
		ShowName: true, ShowDuration: true, Controls: []string{"none"}, Colour: "#000000", Quality: "highest", Track: "de",
	}
	paths := make([]string, 0, len(playerFields))
	for path := range playerFields {
		paths = append(paths, path)
	}
	current := DefaultPlayer()
	current.ID, current.Name = "id", "Old"

	got := Patch[Player]{Paths: paths, Values: values}.apply(current, playerFields)

	values.ID = "id"
	assert.Equal(t, values, got)
}

func TestCategoryPatch(t *testing.T) {
	current := Category{ID: "id", Name: "Sport", Value: "sport"}
	patch := Patch[Category]{Paths: []string{"name"}, Values: Category{Name: "Sports"}}

	assert.NoError(t, patch.check(categoryFields, "category"))
	assert.Equal(t, Category{ID: "id", Name: "Sports", Value: "sport"}, patch.apply(current, categoryFields))
	assertValidation(t, Patch[Category]{Paths: []string{"colour"}}.check(categoryFields, "category"),
		"colour is not a category field")
}
