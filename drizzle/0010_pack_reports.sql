-- Generated from server/db/schema.ts by drizzle-kit (decision 0035): reports of packs, a pack hidden by a
-- moderator, and the pack an audit-log line is about.
CREATE TABLE "pack_reports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"pack_id" bigint NOT NULL,
	"reporter_id" bigint NOT NULL,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" bigint
);
--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD COLUMN "pack_id" bigint;--> statement-breakpoint
ALTER TABLE "packs" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pack_reports" ADD CONSTRAINT "pack_reports_pack_id_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."packs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pack_reports" ADD CONSTRAINT "pack_reports_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pack_reports" ADD CONSTRAINT "pack_reports_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pack_reports_pack_reporter_key" ON "pack_reports" USING btree ("pack_id","reporter_id");--> statement-breakpoint
CREATE INDEX "pack_reports_open_idx" ON "pack_reports" USING btree ("pack_id") WHERE "pack_reports"."resolved_at" is null;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_pack_id_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."packs"("id") ON DELETE set null ON UPDATE no action;