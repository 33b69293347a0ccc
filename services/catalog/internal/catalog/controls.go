package catalog

import (
	"slices"
	"strings"

	"github.com/vidhost/vidhost/pkg/apirules"
	"github.com/vidhost/vidhost/pkg/apperr"
)

// ControlNone hides every control; it is valid only on its own.
const ControlNone = apirules.PlayerControlNone

// KnownControls are the control names a player's controls may list, in the
// order the embedded player lays them out on its control bar (docs/players.md):
//
//   - play: play/pause button
//   - progress: seek bar (with sprite previews when the video has them)
//   - current-time: elapsed time
//   - duration: total length
//   - mute: mute toggle
//   - volume: volume slider
//   - captions: caption and subtitle track menu
//   - settings: quality and speed menu
//   - pip: picture-in-picture
//   - airplay: AirPlay on Safari
//   - chapters: chapter menu (videos with chapters)
//   - fullscreen: fullscreen toggle
//
// An empty list means the player's default set; ["none"] means no controls.
var KnownControls = apirules.PlayerControls

// checkControls requires controls to be empty, exactly ["none"], or a set
// of known control names with no name twice.
func checkControls(controls []string) error {
	for i, name := range controls {
		switch {
		case name == ControlNone && len(controls) > 1:
			return apperr.InvalidField("controls", `may contain "none" only on its own`)
		case name == ControlNone:
			continue
		case !slices.Contains(KnownControls, name):
			return apperr.InvalidField("controls", "contains unknown control %q (known: none, %s)",
				name, strings.Join(KnownControls, ", "))
		case slices.Contains(controls[:i], name):
			return apperr.InvalidField("controls", "contains %q more than once", name)
		}
	}
	return nil
}
