-- Every committed change to a catalogue table is announced on the channel arttoy_data_changed with the
-- table's name as payload, whoever made it (any API instance, a seed, an operator's psql). API
-- instances LISTEN and drop cached answers that read that table (src/cache/data-changes.ts).
-- NOTIFY inside a transaction is delivered at commit, once per distinct payload: a purchase that
-- touches one table many times costs one notice, a rolled-back one none.
CREATE OR REPLACE FUNCTION arttoy_notify_data_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('arttoy_data_changed', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER styles_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "styles" FOR EACH STATEMENT EXECUTE FUNCTION arttoy_notify_data_changed();
--> statement-breakpoint
CREATE TRIGGER series_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "series" FOR EACH STATEMENT EXECUTE FUNCTION arttoy_notify_data_changed();
--> statement-breakpoint
CREATE TRIGGER figures_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "figures" FOR EACH STATEMENT EXECUTE FUNCTION arttoy_notify_data_changed();
--> statement-breakpoint
CREATE TRIGGER box_models_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "box_models" FOR EACH STATEMENT EXECUTE FUNCTION arttoy_notify_data_changed();
--> statement-breakpoint
CREATE TRIGGER box_model_figures_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "box_model_figures" FOR EACH STATEMENT EXECUTE FUNCTION arttoy_notify_data_changed();
