package pg_test

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/pgtest"
)

// The fast array encoders (arrays.go) send what pgx's own codec sends:
// each value, read back by PostgreSQL as text and as its own array
// functions see it, is the same through a pool of pg.Open (the fast path)
// and through a plain pgx connection (pgx's codec).
func TestFastArraysSendWhatPgxSends(t *testing.T) {
	ctx := context.Background()
	db := pgtest.Schema(t)
	fast := db.Pool(t)
	plain, err := pgx.Connect(ctx, db.URL)
	require.NoError(t, err)
	t.Cleanup(func() { _ = plain.Close(context.Background()) })

	for name, value := range map[string]any{
		"int8 values":   []int64{0, 1, -1, math.MaxInt64, math.MinInt64, 42},
		"int8 one":      []int64{7},
		"int8 empty":    []int64{},
		"int8 nil":      []int64(nil),
		"text values":   []string{"a", "", "ünïcødé", "with \"quotes\" and, commas", "{braces}", "NULL"},
		"text empty":    []string{},
		"text nil":      []string(nil),
		"text long":     []string{strings.Repeat("x", 70_000), "y"},
		"int4 fallback": []int32{1, 2, 3},
	} {
		t.Run(name, func(t *testing.T) {
			typ := "int8[]"
			switch value.(type) {
			case []string:
				typ = "text[]"
			case []int32:
				typ = "int4[]"
			}
			query := "SELECT $1::" + typ + " IS NULL, coalesce($1::" + typ + "::text, 'NULL'), " +
				"coalesce(cardinality($1::" + typ + "), -1), coalesce(array_ndims($1::" + typ + "), 0)"
			var fastNull, plainNull bool
			var fastText, plainText string
			var fastCard, plainCard, fastDims, plainDims int
			require.NoError(t, fast.QueryRow(ctx, query, value).Scan(&fastNull, &fastText, &fastCard, &fastDims))
			require.NoError(t, plain.QueryRow(ctx, query, value).Scan(&plainNull, &plainText, &plainCard, &plainDims))
			assert.Equal(t, plainNull, fastNull, "NULL")
			assert.Equal(t, plainText, fastText, "as text")
			assert.Equal(t, plainCard, fastCard, "cardinality")
			if plainCard > 0 {
				assert.Equal(t, plainDims, fastDims, "dimensions")
			}
		})
	}
}

// Arrays sent fast are what an unnest upsert, the way the analytics ingest
// uses them, reads back element by element.
func TestFastArraysUnnest(t *testing.T) {
	ctx := context.Background()
	pool := pgtest.Schema(t).Pool(t)
	keys := []string{"b", "a", "ç"}
	sums := []int64{3, -2, 1 << 40}
	rows, err := pool.Query(ctx, `SELECT k, s FROM unnest($1::text[], $2::int8[]) WITH ORDINALITY AS r(k, s, n) ORDER BY n`, keys, sums)
	require.NoError(t, err)
	var gotKeys []string
	var gotSums []int64
	var k string
	var s int64
	_, err = pgx.ForEachRow(rows, []any{&k, &s}, func() error { gotKeys, gotSums = append(gotKeys, k), append(gotSums, s); return nil })
	require.NoError(t, err)
	assert.Equal(t, keys, gotKeys)
	assert.Equal(t, sums, gotSums)
}

// A NUL byte is not text: PostgreSQL refuses it, as through pgx's codec.
func TestFastArraysRefuseNUL(t *testing.T) {
	pool := pgtest.Schema(t).Pool(t)
	var n int
	err := pool.QueryRow(context.Background(), `SELECT cardinality($1::text[])`, []string{"a\x00b"}).Scan(&n)
	require.Error(t, err)
}
