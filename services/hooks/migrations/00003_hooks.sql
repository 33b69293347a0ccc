-- Hooks: which event runs which action on which of the account's services
-- (docs/hooks.md). A hook keeps its service's id after the service is
-- deleted, disabled (enabled false): there is no foreign key, the domain
-- disables a service's hooks in the transaction that deletes it.
-- +goose Up
CREATE TABLE IF NOT EXISTS hooks (
	id            text        PRIMARY KEY,
	account_id    text        NOT NULL,
	name          text        NOT NULL,
	event         text        NOT NULL,
	-- [{"field", "operator", "value"}]
	filters       jsonb       NOT NULL DEFAULT '[]',
	filters_logic text        NOT NULL,
	service_id    text        NOT NULL,
	action        text        NOT NULL,
	-- [{"field", "value"}]
	params        jsonb       NOT NULL DEFAULT '[]',
	enabled       boolean     NOT NULL,
	created_by    text        NOT NULL,
	created_time  timestamptz NOT NULL,
	updated_by    text        NOT NULL,
	updated_time  timestamptz NOT NULL
);

CREATE INDEX IF NOT EXISTS hooks_account_page_idx ON hooks (account_id, created_time, id);
-- Deleting a service disables its hooks; the delivery engine finds the
-- hooks of an account's event.
CREATE INDEX IF NOT EXISTS hooks_account_service_idx ON hooks (account_id, service_id);
