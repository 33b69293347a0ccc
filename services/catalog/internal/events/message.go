package events

import (
	"fmt"

	"google.golang.org/protobuf/proto"

	eventsv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/events/v1"

	"github.com/vidhost/vidhost/pkg/eventmsg"
	"github.com/vidhost/vidhost/pkg/natsx"
	"github.com/vidhost/vidhost/pkg/outbox"
	"github.com/vidhost/vidhost/services/catalog/internal/catalog"
	"github.com/vidhost/vidhost/services/catalog/internal/protomap"
)

// subjects maps each resource's event kinds to their subjects.
var (
	categorySubjects = map[catalog.EventKind]string{
		catalog.Created: natsx.SubjectCategoryCreated,
		catalog.Updated: natsx.SubjectCategoryUpdated,
		catalog.Deleted: natsx.SubjectCategoryDeleted,
	}
	playerSubjects = map[catalog.EventKind]string{
		catalog.Created: natsx.SubjectPlayerCreated,
		catalog.Updated: natsx.SubjectPlayerUpdated,
		catalog.Deleted: natsx.SubjectPlayerDeleted,
	}
	videoSubjects = map[catalog.EventKind]string{
		catalog.Created: natsx.SubjectVideoCreated,
		catalog.Updated: natsx.SubjectVideoUpdated,
		catalog.Deleted: natsx.SubjectVideoDeleted,
		catalog.Ready:   natsx.SubjectVideoReady,
		catalog.Failed:  natsx.SubjectVideoError,
	}
	folderSubjects = map[catalog.EventKind]string{
		catalog.Created: natsx.SubjectFolderCreated,
		catalog.Updated: natsx.SubjectFolderUpdated,
		catalog.Deleted: natsx.SubjectFolderDeleted,
	}
)

// Message encodes e as an outbox message with a new event id.
func Message(e catalog.Event) (outbox.Message, error) {
	meta := eventmsg.Meta(e.AccountID, e.ActorID, e.Time)
	var subject string
	var payload proto.Message
	switch r := e.Resource.(type) {
	case catalog.Category:
		subject = categorySubjects[e.Kind]
		payload = &eventsv1.CategoryEvent{Meta: meta, Category: protomap.Category(r)}
	case catalog.Player:
		subject = playerSubjects[e.Kind]
		payload = &eventsv1.PlayerEvent{Meta: meta, Player: protomap.Player(r)}
	case catalog.Video:
		subject = videoSubjects[e.Kind]
		event := &eventsv1.VideoEvent{Meta: meta, Video: protomap.Video(r)}
		if e.Kind == catalog.Deleted {
			// The catalog's clean-up deletes the source with the media.
			event.SourceObjectKey = r.SourceObjectKey
		}
		payload = event
	case catalog.Folder:
		subject = folderSubjects[e.Kind]
		payload = &eventsv1.FolderEvent{Meta: meta, Folder: protomap.Folder(r)}
	default:
		return outbox.Message{}, fmt.Errorf("events: no event for %T", e.Resource)
	}
	if subject == "" {
		return outbox.Message{}, fmt.Errorf("events: no subject for %T %s", e.Resource, e.Kind)
	}
	return eventmsg.Outbox(meta, subject, payload)
}
