-- +goose Up
-- The notification emails sent (services/identity/internal/notify): one row
-- per event and user, so an event delivered again sends nothing twice.
CREATE TABLE IF NOT EXISTS notifications_sent (
    account_id  text        NOT NULL,
    event_id    text        NOT NULL,
    user_id     text        NOT NULL,
    sent_time   timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (event_id, user_id)
);
-- The rows only have to outlive redeliveries; a sweep by age can use this.
CREATE INDEX IF NOT EXISTS notifications_sent_time ON notifications_sent (sent_time);

-- +goose Down
DROP TABLE notifications_sent;
