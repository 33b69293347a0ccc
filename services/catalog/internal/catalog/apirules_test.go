package catalog

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/vidhost/vidhost/pkg/apirules"
)

// The catalog's validation follows the table the OpenAPI document is
// generated from (pkg/apirules): a value at each limit and every allowed
// value passes, one past the limit or outside the list is refused.
func TestValidationFollowsTheInterfaceTable(t *testing.T) {
	video := func(set func(*Video)) error {
		v := Video{Type: TypeVOD, Name: "a", Privacy: PrivacyPublic}
		set(&v)
		return v.Validate()
	}
	player := func(set func(*Player)) error {
		p := DefaultPlayer()
		p.Name = "a"
		set(&p)
		return p.Validate()
	}
	checks := map[string]func(string) error{
		"Video.name":        func(s string) error { return video(func(v *Video) { v.Name = s }) },
		"Video.description": func(s string) error { return video(func(v *Video) { v.Description = s }) },
		"Video.metadata":    func(s string) error { return video(func(v *Video) { v.Metadata = s }) },
		"Video.type":        func(s string) error { return video(func(v *Video) { v.Type = s }) },
		"Video.privacy":     func(s string) error { return video(func(v *Video) { v.Privacy = s }) },
		"Video.projection":  func(s string) error { return video(func(v *Video) { v.Projection = s }) },
		"Player.name":       func(s string) error { return player(func(p *Player) { p.Name = s }) },
		"Player.analytics":  func(s string) error { return player(func(p *Player) { p.Analytics = s }) },
		"Player.quality":    func(s string) error { return player(func(p *Player) { p.Quality = s }) },
		"Folder.name":       func(s string) error { return Folder{Name: s}.Validate() },
		"Chapter.name":      func(s string) error { return Chapter{Name: s, Start: "00:00:00"}.Validate() },
	}
	for field, check := range checks {
		message, name, _ := strings.Cut(field, ".")
		rule := apirules.Messages["vidhost.catalog.v1."+message].Fields[name]
		t.Run(field, func(t *testing.T) {
			if limit := max(rule.MaxLength, rule.MaxBytes); limit > 0 {
				assert.NoError(t, check(strings.Repeat("a", limit)))
				assert.Error(t, check(strings.Repeat("a", limit+1)))
			}
			if rule.MinLength > 0 {
				assert.Error(t, check(""))
			}
			for _, allowed := range rule.Enum {
				assert.NoError(t, check(allowed))
			}
			if len(rule.Enum) > 0 {
				assert.Error(t, check("not-allowed"))
			}
		})
	}
}
