/**
 * The schema step that announces account changes on the `account_changes` channel (ACCOUNT_CHANGES_CHANNEL) at
 * commit: a session ended (logout, password reset), a password or role changed, a user or a token removed, by
 * any process (`ledgerscan users` too). A server answers session checks from memory only while it hears them
 * (src/workspace/AccountCache.ts). Statement triggers: one announcement per change, whatever it touched.
 */
export const accountChangesStep = `
  CREATE FUNCTION notify_account_change() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM pg_notify('account_changes', '');
    RETURN NULL;
  END $$;
  CREATE TRIGGER sessions_changed AFTER UPDATE OR DELETE OR TRUNCATE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION notify_account_change();
  CREATE TRIGGER tokens_changed AFTER UPDATE OR DELETE OR TRUNCATE ON tokens FOR EACH STATEMENT EXECUTE FUNCTION notify_account_change();
  CREATE TRIGGER users_changed AFTER UPDATE OR DELETE OR TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION notify_account_change();
`;
