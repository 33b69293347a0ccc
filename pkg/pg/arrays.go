package pg

import (
	"encoding/binary"
	"errors"
	"math"

	"github.com/jackc/pgx/v5/pgtype"
)

// Fast array parameters. pgx encodes a []int64 or []string parameter
// element by element through its generic array codec: each element is
// boxed into an interface, its type looked up by reflection and its
// encode plan called, about 150 ns and an allocation an element. The
// analytics ingest sends its roll-ups as arrays (tens of thousands of
// elements a statement), where that was a tenth of the service's CPU and
// much of its garbage. fastArrays writes PostgreSQL's binary array format
// for exactly []int64 (int8[], bigint[]) and []string (text[]) in one
// loop, and leaves every other value, every other type and all decoding to
// the codec it wraps. The wire format is the one array_recv reads
// (src/backend/utils/adt/arrayfuncs.c): ndim, has-null flag, element type,
// then per dimension its length and lower bound, then each element's
// length and bytes.

var errTooLong = errors.New("pg: a text array element over 2 GiB")

// registerFastArrays puts the fast encoders in front of m's int8[] and
// text[] codecs.
func registerFastArrays(m *pgtype.Map) {
	for _, a := range []struct {
		oid, elem uint32
		name      string
	}{
		{pgtype.Int8ArrayOID, pgtype.Int8OID, "_int8"},
		{pgtype.TextArrayOID, pgtype.TextOID, "_text"},
	} {
		if t, ok := m.TypeForOID(a.oid); ok {
			m.RegisterType(&pgtype.Type{Name: a.name, OID: a.oid, Codec: fastArrays{Codec: t.Codec, elem: a.elem}})
		}
	}
}

// fastArrays is a pgx array codec with a fast path for one Go slice type.
type fastArrays struct {
	pgtype.Codec        // the codec it replaces: everything but the fast path
	elem         uint32 // the element type: int8 or text
}

func (c fastArrays) PlanEncode(m *pgtype.Map, oid uint32, format int16, value any) pgtype.EncodePlan {
	if format == pgtype.BinaryFormatCode {
		switch value.(type) {
		case []int64:
			if c.elem == pgtype.Int8OID {
				return int8ArrayPlan{}
			}
		case []string:
			if c.elem == pgtype.TextOID {
				return textArrayPlan{}
			}
		}
	}
	return c.Codec.PlanEncode(m, oid, format, value)
}

type int8ArrayPlan struct{}

// Encode writes a []int64; a nil slice is NULL, as pgx's own codec has it.
func (int8ArrayPlan) Encode(value any, buf []byte) ([]byte, error) {
	a := value.([]int64)
	if a == nil {
		return nil, nil
	}
	buf = appendArrayHeader(buf, len(a), pgtype.Int8OID)
	for _, v := range a {
		buf = binary.BigEndian.AppendUint32(buf, 8)
		buf = binary.BigEndian.AppendUint64(buf, uint64(v)) //nolint:gosec // G115: two's complement, as int8send writes it
	}
	return buf, nil
}

type textArrayPlan struct{}

// Encode writes a []string; a nil slice is NULL. The strings go as they
// are (binary text is the text itself), so one with a NUL byte or invalid
// UTF-8 is refused by PostgreSQL as with pgx's own codec.
func (textArrayPlan) Encode(value any, buf []byte) ([]byte, error) {
	a := value.([]string)
	if a == nil {
		return nil, nil
	}
	buf = appendArrayHeader(buf, len(a), pgtype.TextOID)
	for _, s := range a {
		if len(s) > math.MaxInt32 {
			return nil, errTooLong
		}
		buf = binary.BigEndian.AppendUint32(buf, uint32(len(s))) //nolint:gosec // G115: checked above
		buf = append(buf, s...)
	}
	return buf, nil
}

// appendArrayHeader writes a one-dimensional array's header without NULLs
// (an empty array has no dimension, as PostgreSQL writes one).
func appendArrayHeader(buf []byte, n int, elem uint32) []byte {
	if n == 0 {
		buf = binary.BigEndian.AppendUint32(buf, 0) // ndim
		buf = binary.BigEndian.AppendUint32(buf, 0) // no NULLs
		return binary.BigEndian.AppendUint32(buf, elem)
	}
	buf = binary.BigEndian.AppendUint32(buf, 1)
	buf = binary.BigEndian.AppendUint32(buf, 0)
	buf = binary.BigEndian.AppendUint32(buf, elem)
	buf = binary.BigEndian.AppendUint32(buf, uint32(n)) //nolint:gosec // G115: a slice's length, under 2^31 for anything sent
	return binary.BigEndian.AppendUint32(buf, 1)        // lower bound
}
