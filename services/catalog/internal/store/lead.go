package store

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/vidhost/vidhost/pkg/page"
	"github.com/vidhost/vidhost/services/catalog/internal/leads"
	"github.com/vidhost/vidhost/services/catalog/internal/store/db"
)

func (r reader) ListLeads(ctx context.Context, accountID, videoID string, req page.Request) ([]leads.Lead, error) {
	rows, err := r.q.ListLeads(ctx, db.ListLeadsParams{
		AccountID: accountID, VideoID: videoID, AfterTime: req.Cursor.Time, AfterID: req.Cursor.ID,
		RowLimit: req.FetchLimit(),
	})
	if err != nil {
		return nil, mapError(err, "list leads")
	}
	out := make([]leads.Lead, len(rows))
	for i, row := range rows {
		if out[i], err = lead(row); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func (w writer) InsertLead(ctx context.Context, accountID string, l leads.Lead) (leads.Lead, error) {
	fields, err := json.Marshal(l.Fields)
	if err != nil {
		return leads.Lead{}, fmt.Errorf("store: encode lead fields: %w", err)
	}
	row, err := w.q.InsertLead(ctx, db.InsertLeadParams{
		ID: l.ID, AccountID: accountID, VideoID: l.VideoID, GateID: l.GateID, Fields: fields, Checkbox: l.Checkbox,
	})
	if err != nil {
		return leads.Lead{}, mapError(err, "insert lead")
	}
	return lead(row)
}

func (w writer) DeleteLead(ctx context.Context, accountID, videoID, id string) error {
	_, err := w.q.DeleteLead(ctx, db.DeleteLeadParams{AccountID: accountID, VideoID: videoID, ID: id})
	return mapError(err, "delete lead")
}

func lead(row db.Lead) (leads.Lead, error) {
	var fields map[string]string
	if err := json.Unmarshal(row.Fields, &fields); err != nil {
		return leads.Lead{}, fmt.Errorf("store: decode fields of lead %s: %w", row.ID, err)
	}
	return leads.Lead{
		ID:        row.ID,
		AccountID: row.AccountID,
		VideoID:   row.VideoID,
		GateID:    row.GateID,
		Fields:    fields,
		Checkbox:  row.Checkbox,
		Audit:     audit(row.CreatedBy, row.CreatedTime, row.UpdatedBy, row.UpdatedTime),
	}, nil
}
