
  -- A run's change (its row, a log line) is announced on the run_changes channel with the run id, at commit: the
  -- server's event streams push it instead of re-reading the log (src/db/postgres/listenChannel.ts).
  CREATE FUNCTION notify_run_change() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM pg_notify('run_changes', to_jsonb(NEW) ->> TG_ARGV[0]);
    RETURN NULL;
  END $$;
  CREATE TRIGGER runs_changed AFTER INSERT OR UPDATE ON runs FOR EACH ROW EXECUTE FUNCTION notify_run_change('id');
  CREATE TRIGGER run_log_added AFTER INSERT ON run_log FOR EACH ROW EXECUTE FUNCTION notify_run_change('run_id');
  