CREATE TABLE "moderation_actions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_id" bigint NOT NULL,
	"action" text NOT NULL,
	"sticker_id" bigint,
	"target_user_id" bigint,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"sticker_id" bigint NOT NULL,
	"reporter_id" bigint NOT NULL,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" bigint
);
--> statement-breakpoint
ALTER TABLE "stickers" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stickers" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "banned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_sticker_id_stickers_id_fk" FOREIGN KEY ("sticker_id") REFERENCES "public"."stickers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_target_user_id_users_id_fk" FOREIGN KEY ("target_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_sticker_id_stickers_id_fk" FOREIGN KEY ("sticker_id") REFERENCES "public"."stickers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "moderation_actions_created_idx" ON "moderation_actions" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_sticker_reporter_key" ON "reports" USING btree ("sticker_id","reporter_id");--> statement-breakpoint
CREATE INDEX "reports_open_idx" ON "reports" USING btree ("sticker_id") WHERE "reports"."resolved_at" is null;--> statement-breakpoint
-- Written by hand below. Search (issue 16) uses trigram similarity and accent folding; both
-- extensions ship with PostgreSQL's contrib and with PGlite (loaded in server/db/client.ts).
CREATE EXTENSION IF NOT EXISTS "pg_trgm";--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS "unaccent";--> statement-breakpoint
-- A sticker hidden by moderation leaves every public list: sticker_tags.is_public is now "public and
-- not hidden", kept in step by the same two triggers as in migration 0001.
CREATE OR REPLACE FUNCTION "sticker_tags_copy_sticker"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT s."visibility" = 'public' AND s."hidden_at" IS NULL, s."hot_score" INTO NEW."is_public", NEW."hot_score"
    FROM "stickers" s WHERE s."id" = NEW."sticker_id";
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "stickers_copy_to_tags"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "sticker_tags" SET "is_public" = NEW."visibility" = 'public' AND NEW."hidden_at" IS NULL, "hot_score" = NEW."hot_score"
    WHERE "sticker_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER "stickers_copy_to_tags" ON "stickers";--> statement-breakpoint
CREATE TRIGGER "stickers_copy_to_tags" AFTER UPDATE OF "visibility", "hot_score", "hidden_at" ON "stickers"
  FOR EACH ROW WHEN (OLD."visibility" IS DISTINCT FROM NEW."visibility" OR OLD."hot_score" IS DISTINCT FROM NEW."hot_score"
    OR OLD."hidden_at" IS DISTINCT FROM NEW."hidden_at")
  EXECUTE FUNCTION "stickers_copy_to_tags"();--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_known" CHECK ("role" IS NULL OR "role" IN ('admin', 'moderator'));
