-- Secret figures stay hidden in every public answer until pulled SECRET_REVEAL_PULLS times
-- (shared/contracts/api/catalogue.ts): revealed_at records the moment, set by arttoy_write_draw
-- (which now takes that number as its last argument: the old signature is dropped here and the new
-- function is applied from src/db/functions after the migrations). art_key is the random key a
-- hidden secret's art URL carries, so the URL cannot be guessed from the figure's slug.
ALTER TABLE "figures" ADD COLUMN "revealed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "figures" ADD COLUMN "art_key" text DEFAULT md5(random()::text || clock_timestamp()::text) NOT NULL;--> statement-breakpoint
CREATE INDEX "draws_figure_idx" ON "draws" USING btree ("figure_id");--> statement-breakpoint
-- Secrets pulled often enough already are revealed now (10 = SECRET_REVEAL_PULLS when written).
UPDATE "figures" SET "revealed_at" = now()
WHERE "rarity" = 'secret' AND (SELECT count(*) FROM "draws" WHERE "draws"."figure_id" = "figures"."id") >= 10;--> statement-breakpoint
DROP FUNCTION IF EXISTS arttoy_write_draw(bigint, bigint, integer, bigint, text, text, integer, integer, integer, jsonb);
