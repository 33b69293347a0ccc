// Package store keeps view events in PostgreSQL: raw events in a table
// partitioned by day, written with COPY in batches, and the daily roll-ups
// the reports read, updated in the same transaction. Its SQL is written by
// hand rather than by sqlc: COPY into a partitioned table, upserts fed by
// arrays, partition DDL and the reports' dimension and filter SQL are
// beyond what sqlc generates.
package store
