-- Generated from server/db/schema.ts by drizzle-kit (decision 0029): a pack made from a photo remembers the
-- upload id its page made, so a retried or interrupted make finds its pack instead of paying for a second one.
ALTER TABLE "packs" ADD COLUMN "client_upload_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "packs_owner_upload_key" ON "packs" USING btree ("owner_id","client_upload_id") WHERE "packs"."client_upload_id" is not null;