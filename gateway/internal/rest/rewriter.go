package rest

import (
	"context"
	"encoding/json"
	"fmt"

	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/reflect/protoreflect"

	"github.com/vidhost/vidhost/gateway/internal/envelope"
)

// Rewriter wraps every successful response in the envelope. A list response
// (a message with repeated `items` and string `next_cursor`) becomes the
// items array plus links.next; anything else, including the empty message of
// a delete, is the result as it is.
func Rewriter(publicURL string) func(context.Context, proto.Message) (any, error) {
	return func(ctx context.Context, resp proto.Message) (any, error) {
		body, err := marshalOptions.Marshal(resp)
		if err != nil {
			return nil, fmt.Errorf("marshal %T: %w", resp, err)
		}
		cursorField, ok := listFields(resp.ProtoReflect().Descriptor())
		if !ok {
			env := envelope.Success(body, nil)
			return &env, nil
		}
		return listEnvelope(ctx, publicURL, body, resp.ProtoReflect().Get(cursorField).String())
	}
}

// listFields reports whether desc is a list response and returns its
// next_cursor field.
func listFields(desc protoreflect.MessageDescriptor) (protoreflect.FieldDescriptor, bool) {
	items := desc.Fields().ByName("items")
	cursor := desc.Fields().ByName("next_cursor")
	if items == nil || !items.IsList() || cursor == nil || cursor.Kind() != protoreflect.StringKind {
		return nil, false
	}
	return cursor, true
}

func listEnvelope(ctx context.Context, publicURL string, body []byte, cursor string) (*envelope.Envelope, error) {
	var fields struct {
		Items json.RawMessage `json:"items"`
	}
	if err := json.Unmarshal(body, &fields); err != nil {
		return nil, fmt.Errorf("read list items: %w", err)
	}
	if len(fields.Items) == 0 || string(fields.Items) == "null" {
		fields.Items = json.RawMessage(`[]`)
	}
	links := map[string]string{}
	if u, ok := requestURL(ctx); ok && cursor != "" {
		links["next"] = nextLink(publicURL, u, cursor)
	}
	env := envelope.Success(fields.Items, links)
	return &env, nil
}
