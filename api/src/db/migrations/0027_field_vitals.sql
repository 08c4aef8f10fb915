-- Field data's web vitals: per minute, app version, route and metric, a histogram (a row per bucket of
-- FIELD_VITAL_BUCKETS) of the page loads measured (api/src/domain/field/counts.ts); rows older than
-- the window kept are deleted, as field_counts' are.
CREATE TABLE "field_vitals" (
	"minute" timestamp with time zone NOT NULL,
	"app" text NOT NULL,
	"version" text NOT NULL,
	"route" text NOT NULL,
	"metric" text NOT NULL,
	"bucket" smallint NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "field_vitals_pk" PRIMARY KEY("minute","app","version","route","metric","bucket"),
	CONSTRAINT "field_vitals_app" CHECK ("field_vitals"."app" IN ('shell', 'mf_gallery', 'mf_blog', 'mf_mysterybox', 'mf_account', 'mf_rules')),
	CONSTRAINT "field_vitals_metric" CHECK ("field_vitals"."metric" IN ('LCP', 'INP', 'CLS', 'TTFB'))
);
