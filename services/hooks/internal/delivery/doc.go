// Package delivery is the hooks service's delivery engine: it claims due
// deliveries (leased, so a worker that dies mid-attempt leaves them to be
// retried), sends each to its webhook through the webhook package, and
// records the outcome: succeeded, or pending again after the retry
// schedule's next wait, or failed once attempts run out. At-least-once: a
// receiver dedupes on the delivery id (webhook-id). A per-service limit
// keeps one slow receiver from holding every worker.
package delivery
