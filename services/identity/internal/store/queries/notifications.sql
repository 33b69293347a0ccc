-- name: ListNotificationRecipients :many
-- The account's enabled users who chose to be emailed about @name.
SELECT id, email, name FROM users
WHERE account_id = @account_id AND enabled AND @name::text = ANY (notifications)
ORDER BY created_time, id;

-- name: NotificationSent :one
-- Whether the email of @event_id to @user_id was sent already.
SELECT EXISTS (
    SELECT 1 FROM notifications_sent
    WHERE account_id = @account_id AND event_id = @event_id AND user_id = @user_id
);

-- name: RecordNotificationSent :exec
INSERT INTO notifications_sent (account_id, event_id, user_id)
VALUES (@account_id, @event_id, @user_id)
ON CONFLICT (event_id, user_id) DO NOTHING;
