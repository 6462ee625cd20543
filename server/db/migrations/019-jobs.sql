-- Issue 54 (docs/decisions/037): background work is graphile-worker's job queue (schema graphile_worker,
-- installed before these migrations by server/db/client.ts). A mail queued or an announcement's recipients
-- listed add their job in the same statement's transaction, wherever in the code the row is written.
-- One job waits for the outbox at most (job key "mail"; a new mail makes it run now).
CREATE FUNCTION mail_queued() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM graphile_worker.add_job('mail', '{}'::json, job_key => 'mail'); RETURN NULL; END $$;
CREATE TRIGGER mail_queued AFTER INSERT ON mail_queue FOR EACH STATEMENT EXECUTE FUNCTION mail_queued();
-- The announcements' pacing runs as one queue across every server; a new sending keeps the next piece's time.
CREATE FUNCTION announcement_listed() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM graphile_worker.add_job('announce', '{}'::json, queue_name => 'announce', job_key => 'announce', job_key_mode => 'preserve_run_at'); RETURN NULL; END $$;
CREATE TRIGGER announcement_listed AFTER INSERT ON announcement_recipients FOR EACH STATEMENT EXECUTE FUNCTION announcement_listed();
