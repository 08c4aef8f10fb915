-- Trigger function: every committed change to a catalogue table is announced on the channel
-- arttoy_data_changed with the table's name as payload, whoever made it (any API instance, a seed, an
-- operator's psql). API instances LISTEN and drop cached answers that read that table
-- (src/cache/data-changes.ts). NOTIFY inside a transaction is delivered at commit, once per distinct
-- payload: a purchase that touches one table many times costs one notice, a rolled-back one none.
-- The triggers that call it are created by migration 0002.
CREATE OR REPLACE FUNCTION arttoy_notify_data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('arttoy_data_changed', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
