package catalog

import (
	"context"

	"github.com/vidhost/vidhost/pkg/principal"
)

// CreateCard adds a card to a vod.
func (s *Service) CreateCard(ctx context.Context, p principal.Principal, videoID string, in CardInput) (Card, error) {
	card, err := in.Card()
	if err != nil {
		return Card{}, err
	}
	return addOverlay(ctx, s, p, videoID, cardOverlay, card)
}

// UpdateCard changes the masked fields of a card.
func (s *Service) UpdateCard(ctx context.Context, p principal.Principal, videoID, id string, patch Patch[Card]) (Card, error) {
	return patchOverlay(ctx, s, p, videoID, id, cardOverlay, cardFields, "card", patch)
}

// DeleteCard removes a card.
func (s *Service) DeleteCard(ctx context.Context, p principal.Principal, videoID, id string) error {
	return deleteOverlay(ctx, s, p, videoID, id, cardOverlay)
}

// CreateGate adds a gate to a vod.
func (s *Service) CreateGate(ctx context.Context, p principal.Principal, videoID string, in GateInput) (Gate, error) {
	gate, err := in.Gate()
	if err != nil {
		return Gate{}, err
	}
	return addOverlay(ctx, s, p, videoID, gateOverlay, gate)
}

// UpdateGate changes the masked fields of a gate.
func (s *Service) UpdateGate(ctx context.Context, p principal.Principal, videoID, id string, patch Patch[Gate]) (Gate, error) {
	return patchOverlay(ctx, s, p, videoID, id, gateOverlay, gateFields, "gate", patch)
}

// DeleteGate removes a gate.
func (s *Service) DeleteGate(ctx context.Context, p principal.Principal, videoID, id string) error {
	return deleteOverlay(ctx, s, p, videoID, id, gateOverlay)
}

// CreateHotspot adds a hotspot, sent in the create shape (Set A); an
// absent target means "_blank".
func (s *Service) CreateHotspot(ctx context.Context, p principal.Principal, videoID string, h Hotspot) (Hotspot, error) {
	return addOverlay(ctx, s, p, videoID, hotspotOverlay, h.withDefaultTarget())
}

// UpdateHotspot applies a patch in the update shape (Set B) and returns
// the hotspot in that shape.
func (s *Service) UpdateHotspot(ctx context.Context, p principal.Principal, videoID, id string, patch Patch[TimecodedHotspot]) (TimecodedHotspot, error) {
	if err := checkPaths(patch.Paths, timecodedFields, "hotspot"); err != nil {
		return TimecodedHotspot{}, err
	}
	h, err := changeOverlay(ctx, s, p, videoID, hotspotOverlay, func(v *Video) (Hotspot, error) {
		return hotspotOverlay.update(v, id, func(current Hotspot) (Hotspot, error) {
			return applyTimecoded(current, patch)
		})
	})
	return h.Timecoded(), err
}

// DeleteHotspot removes a hotspot.
func (s *Service) DeleteHotspot(ctx context.Context, p principal.Principal, videoID, id string) error {
	return deleteOverlay(ctx, s, p, videoID, id, hotspotOverlay)
}

// CreateChapter adds a chapter; chapters are kept ordered by start.
func (s *Service) CreateChapter(ctx context.Context, p principal.Principal, videoID string, c Chapter) (Chapter, error) {
	return addOverlay(ctx, s, p, videoID, chapterOverlay, c)
}

// UpdateChapter changes the masked fields of a chapter.
func (s *Service) UpdateChapter(ctx context.Context, p principal.Principal, videoID, id string, patch Patch[Chapter]) (Chapter, error) {
	return patchOverlay(ctx, s, p, videoID, id, chapterOverlay, chapterFields, "chapter", patch)
}

// DeleteChapter removes a chapter.
func (s *Service) DeleteChapter(ctx context.Context, p principal.Principal, videoID, id string) error {
	return deleteOverlay(ctx, s, p, videoID, id, chapterOverlay)
}
