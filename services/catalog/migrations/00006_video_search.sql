-- ?search= is a case-insensitive substring match on the name (ILIKE), which
-- a trigram index serves. pg_trgm ships with PostgreSQL's contrib package
-- and is a trusted extension, but a role may still lack the right to
-- install it, or the server the package: then search works without the
-- index (a scan of the account's videos) and the migration says so.
-- The extension goes to the public schema, never to this service's own, so
-- that every schema of the database can share it; the index names its
-- operator class with the schema the extension is actually in.
-- +goose Up
-- +goose StatementBegin
DO $$
DECLARE
	trgm_schema text;
BEGIN
	BEGIN
		CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;
	EXCEPTION WHEN OTHERS THEN
		RAISE NOTICE 'pg_trgm unavailable (%): video name search will not use an index', SQLERRM;
	END;
	SELECT n.nspname INTO trgm_schema
	FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
	WHERE e.extname = 'pg_trgm';
	IF trgm_schema IS NOT NULL THEN
		EXECUTE format('CREATE INDEX IF NOT EXISTS videos_name_trgm_idx ON videos USING gin (name %I.gin_trgm_ops)', trgm_schema);
	END IF;
END
$$;
-- +goose StatementEnd
