-- Field data: page views and errors reported by visitors' browsers, counted per minute per app version
-- and kind (api/src/domain/field/counts.ts); rows older than the window kept are deleted.
CREATE TABLE "field_counts" (
	"minute" timestamp with time zone NOT NULL,
	"app" text NOT NULL,
	"version" text NOT NULL,
	"kind" text NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "field_counts_pk" PRIMARY KEY("minute","app","version","kind"),
	CONSTRAINT "field_counts_app" CHECK ("field_counts"."app" IN ('shell', 'mf_gallery', 'mf_blog', 'mf_mysterybox', 'mf_account', 'mf_rules')),
	CONSTRAINT "field_counts_kind" CHECK ("field_counts"."kind" IN ('view', 'remote', 'load', 'uncaught', 'rejection'))
);
