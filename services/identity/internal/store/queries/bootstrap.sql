-- name: GetBootstrap :one
SELECT b.account_id, b.user_id, u.email
FROM bootstrap b
JOIN users u ON u.id = b.user_id;

-- name: ClaimBootstrap :execrows
-- Zero rows means another process bootstrapped first (its transaction held
-- the singleton row; this INSERT waited for it to commit).
INSERT INTO bootstrap (account_id, user_id)
VALUES (@account_id, @user_id)
ON CONFLICT (singleton) DO NOTHING;

-- name: InsertAccount :exec
INSERT INTO accounts (id, name, plan, created_by, created_time, updated_by, updated_time)
VALUES (@id, @name, @plan, @created_by, @created_time, @created_by, @created_time);

-- name: InsertUser :exec
INSERT INTO users (id, account_id, email, name, role, authentication, password_hash,
                   verified_email, created_by, created_time, updated_by, updated_time)
VALUES (@id, @account_id, @email, @name, @role, 'password', @password_hash,
        @verified_email, @created_by, @created_time, @created_by, @created_time);
