package rest

import (
	"context"
	"fmt"

	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"

	"github.com/vidhost/vidhost/pkg/envelope"
)

// Rewriter wraps every successful response in the envelope. A list response
// (a message with repeated `items` and string `next_cursor`) becomes the
// items array plus links.next; anything else, including the empty message of
// a delete, is the result as it is.
func Rewriter(publicURL string) func(context.Context, proto.Message) (any, error) {
	return func(ctx context.Context, resp proto.Message) (any, error) {
		itemsField, cursorField, ok := listFields(resp.ProtoReflect().Descriptor())
		if !ok {
			body, err := appendMessage(nil, resp)
			if err != nil {
				return nil, fmt.Errorf("marshal %T: %w", resp, err)
			}
			env := envelope.Success(body, nil)
			return &env, nil
		}
		msg := resp.ProtoReflect()
		items, err := marshalList(msg.Get(itemsField).List())
		if err != nil {
			return nil, fmt.Errorf("marshal %T: %w", resp, err)
		}
		return listEnvelope(ctx, publicURL, items, msg.Get(cursorField).String()), nil
	}
}

// marshalList encodes the items of a list response as a JSON array, each
// with the same options as any single resource.
func marshalList(list protoreflect.List) ([]byte, error) {
	buf := append(make([]byte, 0, 512*list.Len()+2), '[')
	for i := range list.Len() {
		if i > 0 {
			buf = append(buf, ',')
		}
		var err error
		if buf, err = appendMessage(buf, list.Get(i).Message().Interface()); err != nil {
			return nil, err
		}
	}
	return append(buf, ']'), nil
}

// listFields reports whether desc is a list response (repeated message
// `items`, string `next_cursor`) and returns those two fields.
func listFields(desc protoreflect.MessageDescriptor) (items, cursor protoreflect.FieldDescriptor, ok bool) {
	items = desc.Fields().ByName("items")
	cursor = desc.Fields().ByName("next_cursor")
	if items == nil || !items.IsList() || items.Kind() != protoreflect.MessageKind ||
		cursor == nil || cursor.Kind() != protoreflect.StringKind {
		return nil, nil, false
	}
	return items, cursor, true
}

func listEnvelope(ctx context.Context, publicURL string, items []byte, cursor string) *envelope.Envelope {
	links := map[string]string{}
	if u, ok := requestURL(ctx); ok && cursor != "" {
		links["next"] = nextLink(publicURL, u, cursor)
	}
	env := envelope.Success(items, links)
	return &env
}
