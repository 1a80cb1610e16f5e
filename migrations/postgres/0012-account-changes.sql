
  CREATE FUNCTION notify_account_change() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM pg_notify('account_changes', '');
    RETURN NULL;
  END $$;
  CREATE TRIGGER sessions_changed AFTER UPDATE OR DELETE OR TRUNCATE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION notify_account_change();
  CREATE TRIGGER tokens_changed AFTER UPDATE OR DELETE OR TRUNCATE ON tokens FOR EACH STATEMENT EXECUTE FUNCTION notify_account_change();
  CREATE TRIGGER users_changed AFTER UPDATE OR DELETE OR TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION notify_account_change();
