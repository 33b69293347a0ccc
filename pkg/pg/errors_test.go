package pg_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/vidhost/vidhost/pkg/pg"
	"github.com/vidhost/vidhost/pkg/pgtest"
)

func TestConstraintViolations(t *testing.T) {
	ctx := context.Background()
	db := pgtest.Schema(t)
	db.Migrate(t, migrations)
	pool := db.Pool(t)
	_, err := pool.Exec(ctx, "INSERT INTO parents (id) VALUES ('p1')")
	require.NoError(t, err)

	_, duplicate := pool.Exec(ctx, "INSERT INTO parents (id) VALUES ('p1')")
	_, orphan := pool.Exec(ctx, "INSERT INTO children (id, parent_id) VALUES ('c1', 'missing')")
	tests := []struct {
		name           string
		err            error
		unique, fk     bool
		constraintName string
	}{
		{"duplicate key", duplicate, true, false, "parents_pkey"},
		{"wrapped duplicate key", fmt.Errorf("store: %w", duplicate), true, false, "parents_pkey"},
		{"missing parent", orphan, false, true, "children_parent_id_fkey"},
		{"other error", errors.New("boom"), false, false, ""},
		{"nil", nil, false, false, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.unique, pg.IsUniqueViolation(tt.err))
			assert.Equal(t, tt.fk, pg.IsForeignKeyViolation(tt.err))
			assert.Equal(t, tt.constraintName, pg.ConstraintName(tt.err))
		})
	}
}
