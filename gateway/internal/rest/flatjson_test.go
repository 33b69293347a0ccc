package rest

import (
	"bytes"
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"google.golang.org/protobuf/reflect/protoreflect"
	"google.golang.org/protobuf/reflect/protoregistry"
	"google.golang.org/protobuf/types/known/emptypb"
	"google.golang.org/protobuf/types/known/timestamppb"

	catalogv1 "github.com/vidhost/vidhost/proto/gen/go/vidhost/catalog/v1"
	_ "github.com/vidhost/vidhost/proto/gen/go/vidhost/identity/v1"
	_ "github.com/vidhost/vidhost/proto/gen/go/vidhost/upload/v1"
)

// Every message of the interface comes out of appendMessage as protojson
// writes it with marshalOptions, byte for byte once protojson's random
// spaces are compacted away (flat ones have none; the rest are protojson's
// own, with or without spaces as the binary's hash decides).
func TestAppendMessageIsProtojson(t *testing.T) {
	strs := []string{"", "plain", `quote " backslash \ slash /`, "controls \x00\x01\b\f\n\r\t\x1f\x7f",
		"<html> & 'apos'", "unicode é ✓ 😀 \u2028\u2029 \ufffd", strings.Repeat("long ", 100)}
	ints := []int64{0, 1, -1, math.MaxInt32, math.MinInt32}
	bigs := []int64{0, -1, math.MaxInt64, math.MinInt64}
	flat := 0
	protoregistry.GlobalTypes.RangeMessages(func(mt protoreflect.MessageType) bool {
		name := string(mt.Descriptor().FullName())
		if !strings.HasPrefix(name, "vidhost.") {
			return true
		}
		if planOf(mt.Descriptor()) != nil {
			flat++
		}
		for round := range len(strs) {
			msg := mt.New()
			fields := mt.Descriptor().Fields()
			for i := range fields.Len() {
				fd := fields.Get(i)
				if fd.Cardinality() == protoreflect.Repeated || fd.Message() != nil || fd.ContainingOneof() != nil {
					continue
				}
				switch fd.Kind() {
				case protoreflect.StringKind:
					msg.Set(fd, protoreflect.ValueOfString(strs[(round+i)%len(strs)]))
				case protoreflect.BoolKind:
					msg.Set(fd, protoreflect.ValueOfBool((round+i)%2 == 0))
				case protoreflect.Int32Kind, protoreflect.Sint32Kind, protoreflect.Sfixed32Kind:
					msg.Set(fd, protoreflect.ValueOfInt32(int32(ints[(round+i)%len(ints)])))
				case protoreflect.Int64Kind, protoreflect.Sint64Kind, protoreflect.Sfixed64Kind:
					msg.Set(fd, protoreflect.ValueOfInt64(bigs[(round+i)%len(bigs)]))
				case protoreflect.Uint32Kind, protoreflect.Fixed32Kind:
					msg.Set(fd, protoreflect.ValueOfUint32(math.MaxUint32>>(round%4)))
				case protoreflect.Uint64Kind, protoreflect.Fixed64Kind:
					msg.Set(fd, protoreflect.ValueOfUint64(math.MaxUint64>>(round%4)))
				}
			}
			assertSameJSON(t, name, msg.Interface())
		}
		return true
	})
	assert.Positive(t, flat, "some messages are flat")
	assert.NotNil(t, planOf((&catalogv1.Category{}).ProtoReflect().Descriptor()), "categories are")
	assertSameJSON(t, "empty", &emptypb.Empty{})
	assertSameJSON(t, "timestamp", timestamppb.Now())
}

func assertSameJSON(t *testing.T, name string, m interface{ ProtoReflect() protoreflect.Message }) {
	t.Helper()
	want, wantErr := marshalOptions.Marshal(m)
	got, gotErr := appendMessage([]byte("prefix"), m)
	if wantErr != nil {
		assert.Error(t, gotErr, name)
		return
	}
	require.NoError(t, gotErr, name)
	var wantCompact, gotCompact bytes.Buffer
	require.NoError(t, json.Compact(&wantCompact, want))
	require.NoError(t, json.Compact(&gotCompact, got[len("prefix"):]))
	assert.Equal(t, wantCompact.String(), gotCompact.String(), name)
	if planOf(m.ProtoReflect().Descriptor()) != nil {
		assert.Equal(t, "prefix"+wantCompact.String(), string(got), "%s: flat messages are written compact", name)
	}
}

func TestAppendMessageRefusesInvalidUTF8(t *testing.T) {
	_, err := appendMessage(nil, &catalogv1.Category{Name: "bad \xff"})
	assert.Error(t, err, "as protojson does")
}
