package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/vidhost/vidhost/pkg/pg"
	"github.com/vidhost/vidhost/pkg/timefmt"
)

// startBaseline serves GET /categories straight from the catalog schema with
// the same query shape the catalog service runs: the least any server could
// do for this request.
func startBaseline(ctx context.Context, dbURL, accountID string) (string, func(), error) {
	pool, err := pg.Open(ctx, dbURL, "catalog")
	if err != nil {
		return "", nil, err
	}
	lis, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		pool.Close()
		return "", nil, err
	}
	srv := &http.Server{Handler: baselineHandler(pool, accountID), ReadHeaderTimeout: 5 * time.Second}
	go func() { _ = srv.Serve(lis) }() // ends with ErrServerClosed at stop
	stop := func() { srv.Close(); pool.Close() }
	return "http://" + lis.Addr().String(), stop, nil
}

type baselineCategory struct {
	ID          string `json:"id"`
	Name        string `json:"name"`
	Value       string `json:"value"`
	CreatedBy   string `json:"created_by"`
	CreatedTime string `json:"created_time"`
	UpdatedBy   string `json:"updated_by"`
	UpdatedTime string `json:"updated_time"`
}

func baselineHandler(pool *pgxpool.Pool, accountID string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rows, err := pool.Query(r.Context(), `SELECT id, name, value, created_by, created_time, updated_by, updated_time
			FROM categories WHERE account_id = $1 ORDER BY created_time, id LIMIT 26`, accountID)
		if err != nil {
			http.Error(w, err.Error(), 500)
			return
		}
		defer rows.Close()
		var out []baselineCategory
		for rows.Next() {
			var c baselineCategory
			var created, updated time.Time
			if err := rows.Scan(&c.ID, &c.Name, &c.Value, &c.CreatedBy, &created, &c.UpdatedBy, &updated); err != nil {
				http.Error(w, err.Error(), 500)
				return
			}
			c.CreatedTime, c.UpdatedTime = timefmt.Format(created), timefmt.Format(updated)
			out = append(out, c)
		}
		w.Header().Set("Content-Type", "application/json")
		_ = json.NewEncoder(w).Encode(map[string]any{"success": true, "result": out, "links": map[string]any{}, "errors": []any{}})
	})
}

// seedCategories creates n categories through the API, so both servers
// return a full page.
func seedCategories(url, key string, n int) error {
	for i := range n {
		body := fmt.Sprintf(`{"name": "Category %d", "value": "bench-%d"}`, i, i)
		req, _ := http.NewRequest(http.MethodPost, url+"/v2/categories", strings.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+key)
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return err
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			return fmt.Errorf("seed category: status %d", resp.StatusCode)
		}
	}
	return nil
}
