package catalog

import (
	"slices"

	"github.com/vidhost/vidhost/pkg/apperr"
	"github.com/vidhost/vidhost/pkg/ids"
)

// overlay describes one of a video's lists of sub-resources (cards, gates,
// hotspots, chapters): they are kept with the video, changed one item at a
// time through their own endpoints, and every change is a video.updated.
type overlay[T any] struct {
	name    string // plural, as in the interface and in messages
	vodOnly bool   // the interface allows it on vods only
	max     int    // items per video, so a video stays a bounded read
	items   func(v *Video) *[]T
	id      func(item *T) *string
	// arrange, if set, orders the list and checks rules across items.
	arrange func([]T) ([]T, error)
}

var (
	cardOverlay = overlay[Card]{name: "cards", vodOnly: true, max: 20,
		items: func(v *Video) *[]Card { return &v.Cards }, id: func(c *Card) *string { return &c.ID }}
	gateOverlay = overlay[Gate]{name: "gates", vodOnly: true, max: 10,
		items: func(v *Video) *[]Gate { return &v.Gates }, id: func(g *Gate) *string { return &g.ID }}
	hotspotOverlay = overlay[Hotspot]{name: "hotspots", vodOnly: true, max: 50,
		items: func(v *Video) *[]Hotspot { return &v.Hotspots }, id: func(h *Hotspot) *string { return &h.ID }}
	// Chapters are allowed on live events too: the interface restricts only
	// tracks, cards, gates and hotspots to vods.
	chapterOverlay = overlay[Chapter]{name: "chapters", max: 100, arrange: arrangeChapters,
		items: func(v *Video) *[]Chapter { return &v.Chapters }, id: func(c *Chapter) *string { return &c.ID }}
)

// allows refuses an overlay the video's type cannot have.
func (o overlay[T]) allows(v Video) error {
	if o.vodOnly && !v.IsVOD() {
		return apperr.InvalidField(o.name, "are supported only for videos of type vod")
	}
	return nil
}

// add appends item with a new id.
func (o overlay[T]) add(v *Video, item T) (T, error) {
	*o.id(&item) = ids.New()
	return o.insert(v, item)
}

// insert appends item with the id it has (a track's id names its file,
// stored before the track is).
func (o overlay[T]) insert(v *Video, item T) (T, error) {
	if err := o.hasRoom(*v); err != nil {
		return item, err
	}
	return item, o.store(v, append(slices.Clone(*o.items(v)), item))
}

// hasRoom refuses one item more than the video may hold.
func (o overlay[T]) hasRoom(v Video) error {
	if len(*o.items(&v)) >= o.max {
		return apperr.InvalidField(o.name, "may hold at most %d items per video", o.max)
	}
	return nil
}

// update replaces the item with id by what change returns.
func (o overlay[T]) update(v *Video, id string, change func(T) (T, error)) (T, error) {
	list := slices.Clone(*o.items(v))
	i, err := o.find(list, id)
	if err != nil {
		return *new(T), err
	}
	next, err := change(list[i])
	if err != nil {
		return next, err
	}
	*o.id(&next) = id
	list[i] = next
	return next, o.store(v, list)
}

// remove deletes the item with id.
func (o overlay[T]) remove(v *Video, id string) error {
	list := *o.items(v)
	i, err := o.find(list, id)
	if err != nil {
		return err
	}
	return o.store(v, slices.Delete(slices.Clone(list), i, i+1))
}

func (o overlay[T]) find(list []T, id string) (int, error) {
	if !ids.Valid(id) {
		return 0, apperr.ErrNotFound
	}
	i := slices.IndexFunc(list, func(item T) bool { return *o.id(&item) == id })
	if i < 0 {
		return 0, apperr.ErrNotFound
	}
	return i, nil
}

func (o overlay[T]) store(v *Video, list []T) error {
	if o.arrange != nil {
		var err error
		if list, err = o.arrange(list); err != nil {
			return err
		}
	}
	*o.items(v) = list
	return nil
}
