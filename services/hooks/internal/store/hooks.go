package store

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/vidhost/vidhost/pkg/filter"
	"github.com/vidhost/vidhost/pkg/page"
	"github.com/vidhost/vidhost/services/hooks/internal/hooks"
	"github.com/vidhost/vidhost/services/hooks/internal/store/db"
)

// filterJSON and paramJSON are the stored shapes of a hook's lists: the
// interface's own field names, so a row reads like the API.
type filterJSON struct {
	Field    string `json:"field"`
	Operator string `json:"operator"`
	Value    string `json:"value"`
}

type paramJSON struct {
	Field string `json:"field"`
	Value string `json:"value"`
}

func (r reader) GetHook(ctx context.Context, accountID, id string) (hooks.Hook, error) {
	row, err := r.q.GetHook(ctx, db.GetHookParams{AccountID: accountID, ID: id})
	if err != nil {
		return hooks.Hook{}, mapError(err, "get hook")
	}
	return hook(row)
}

func (r reader) ListHooks(ctx context.Context, accountID string, req page.Request) ([]hooks.Hook, error) {
	rows, err := r.q.ListHooks(ctx, db.ListHooksParams{
		AccountID: accountID, AfterTime: req.Cursor.Time, AfterID: req.Cursor.ID, RowLimit: req.FetchLimit(),
	})
	if err != nil {
		return nil, mapError(err, "list hooks")
	}
	return hookRows(rows)
}

func (t *tx) InsertHook(ctx context.Context, accountID, actorID string, h hooks.Hook) (hooks.Hook, error) {
	filters, params, err := encodeLists(h)
	if err != nil {
		return hooks.Hook{}, err
	}
	row, err := t.q.InsertHook(ctx, db.InsertHookParams{
		ID: h.ID, AccountID: accountID, ActorID: actorID, Name: h.Name, Event: h.Event, Filters: filters,
		FiltersLogic: string(h.FiltersLogic), ServiceID: h.ServiceID, Action: h.Action, Params: params, Enabled: h.Enabled,
	})
	if err != nil {
		return hooks.Hook{}, mapError(err, "insert hook")
	}
	return hook(row)
}

func (t *tx) LockHook(ctx context.Context, accountID, id string) (hooks.Hook, error) {
	row, err := t.q.LockHook(ctx, db.LockHookParams{AccountID: accountID, ID: id})
	if err != nil {
		return hooks.Hook{}, mapError(err, "lock hook")
	}
	return hook(row)
}

func (t *tx) UpdateHook(ctx context.Context, accountID, actorID string, h hooks.Hook) (hooks.Hook, error) {
	filters, params, err := encodeLists(h)
	if err != nil {
		return hooks.Hook{}, err
	}
	row, err := t.q.UpdateHook(ctx, db.UpdateHookParams{
		AccountID: accountID, ID: h.ID, ActorID: actorID, Name: h.Name, Event: h.Event, Filters: filters,
		FiltersLogic: string(h.FiltersLogic), ServiceID: h.ServiceID, Action: h.Action, Params: params, Enabled: h.Enabled,
	})
	if err != nil {
		return hooks.Hook{}, mapError(err, "update hook")
	}
	return hook(row)
}

func (t *tx) DeleteHook(ctx context.Context, accountID, id string) (hooks.Hook, error) {
	row, err := t.q.DeleteHook(ctx, db.DeleteHookParams{AccountID: accountID, ID: id})
	if err != nil {
		return hooks.Hook{}, mapError(err, "delete hook")
	}
	return hook(row)
}

func (t *tx) DisableHooksOf(ctx context.Context, accountID, actorID, serviceID string) ([]hooks.Hook, error) {
	rows, err := t.q.DisableHooksOf(ctx, db.DisableHooksOfParams{AccountID: accountID, ActorID: actorID, ServiceID: serviceID})
	if err != nil {
		return nil, mapError(err, "disable hooks")
	}
	return hookRows(rows)
}

func encodeLists(h hooks.Hook) (filters, params []byte, err error) {
	fs := make([]filterJSON, len(h.Filters))
	for i, c := range h.Filters {
		fs[i] = filterJSON{Field: c.Field, Operator: string(c.Operator), Value: c.Value}
	}
	ps := make([]paramJSON, len(h.Params))
	for i, p := range h.Params {
		ps[i] = paramJSON(p)
	}
	if filters, err = json.Marshal(fs); err != nil {
		return nil, nil, fmt.Errorf("store: encode filters: %w", err)
	}
	if params, err = json.Marshal(ps); err != nil {
		return nil, nil, fmt.Errorf("store: encode params: %w", err)
	}
	return filters, params, nil
}

func hookRows(rows []db.Hook) ([]hooks.Hook, error) {
	out := make([]hooks.Hook, len(rows))
	for i, row := range rows {
		h, err := hook(row)
		if err != nil {
			return nil, err
		}
		out[i] = h
	}
	return out, nil
}

func hook(row db.Hook) (hooks.Hook, error) {
	var fs []filterJSON
	var ps []paramJSON
	if err := json.Unmarshal(row.Filters, &fs); err != nil {
		return hooks.Hook{}, fmt.Errorf("store: hook %s filters: %w", row.ID, err)
	}
	if err := json.Unmarshal(row.Params, &ps); err != nil {
		return hooks.Hook{}, fmt.Errorf("store: hook %s params: %w", row.ID, err)
	}
	h := hooks.Hook{
		ID: row.ID, Name: row.Name, Event: row.Event, FiltersLogic: filter.Logic(row.FiltersLogic),
		ServiceID: row.ServiceID, Action: row.Action, Enabled: row.Enabled,
		Filters: make([]filter.Condition, len(fs)), Params: make([]hooks.Param, len(ps)),
		Audit: hooks.Audit{
			CreatedBy: row.CreatedBy, CreatedTime: row.CreatedTime.UTC(),
			UpdatedBy: row.UpdatedBy, UpdatedTime: row.UpdatedTime.UTC(),
		},
	}
	for i, f := range fs {
		h.Filters[i] = filter.Condition{Field: f.Field, Operator: filter.Operator(f.Operator), Value: f.Value}
	}
	for i, p := range ps {
		h.Params[i] = hooks.Param(p)
	}
	return h, nil
}
