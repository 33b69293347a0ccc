package txn

import "context"

// Tx is a transaction that records events of type E in its outbox.
type Tx[E any] interface {
	Emit(ctx context.Context, e E) error
}

// Commit runs write in one transaction started by inTx and records, in the
// same transaction, the event announce makes of write's result: either both
// are stored or neither.
func Commit[T any, X Tx[E], E any](ctx context.Context, inTx func(context.Context, func(X) error) error,
	write func(X) (T, error), announce func(T) E) (T, error) {
	var out T
	err := inTx(ctx, func(tx X) error {
		var err error
		if out, err = write(tx); err != nil {
			return err
		}
		return tx.Emit(ctx, announce(out))
	})
	return out, err
}
