package catalog

import "context"

// beforeTx is a Tx that remembers the first resource an update locks: its
// state before the change, from which the audit log records the fields the
// change made different. Every update locks its resource first, so commit
// learns the before state without each use case passing it.
type beforeTx struct {
	Tx
	before any
}

func (t *beforeTx) remember(resource any) {
	if t.before == nil {
		t.before = resource
	}
}

func (t *beforeTx) LockCategory(ctx context.Context, accountID, id string) (Category, error) {
	c, err := t.Tx.LockCategory(ctx, accountID, id)
	if err == nil {
		t.remember(c)
	}
	return c, err
}

func (t *beforeTx) LockPlayer(ctx context.Context, accountID, id string) (Player, error) {
	p, err := t.Tx.LockPlayer(ctx, accountID, id)
	if err == nil {
		t.remember(p)
	}
	return p, err
}

func (t *beforeTx) LockFolder(ctx context.Context, accountID, id string) (Folder, error) {
	f, err := t.Tx.LockFolder(ctx, accountID, id)
	if err == nil {
		t.remember(f)
	}
	return f, err
}

func (t *beforeTx) LockVideo(ctx context.Context, accountID, id string) (Video, error) {
	v, err := t.Tx.LockVideo(ctx, accountID, id)
	if err == nil {
		t.remember(v)
	}
	return v, err
}
