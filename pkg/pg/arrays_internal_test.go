package pg

import (
	"testing"

	"github.com/jackc/pgx/v5/pgtype"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The fast plans encode exactly []int64 and []string in binary (so the
// tests comparing pools of Open with pgx's codec compare something), and
// PoolConfig gives every connection them.
func TestFastArraysAreUsed(t *testing.T) {
	cfg, err := PoolConfig("postgres://localhost/db", "s")
	require.NoError(t, err)
	require.NotNil(t, cfg.AfterConnect)
	m := pgtype.NewMap()
	registerFastArrays(m)
	assert.IsType(t, int8ArrayPlan{}, m.PlanEncode(pgtype.Int8ArrayOID, pgtype.BinaryFormatCode, []int64{1}))
	assert.IsType(t, textArrayPlan{}, m.PlanEncode(pgtype.TextArrayOID, pgtype.BinaryFormatCode, []string{"a"}))
	assert.NotEqual(t, textArrayPlan{}, m.PlanEncode(pgtype.TextArrayOID, pgtype.TextFormatCode, []string{"a"}), "text format: pgx's own")
	assert.NotEqual(t, int8ArrayPlan{}, m.PlanEncode(pgtype.Int8ArrayOID, pgtype.BinaryFormatCode, []int32{1}), "another slice: pgx's own")
}
