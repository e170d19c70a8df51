-- Generated from server/db/schema.ts by drizzle-kit (decision 0037): a deleted account's time, the hashed
-- mailboxes of deleted accounts (no second starting points), and stored files queued for removal.
CREATE TABLE "deleted_mailboxes" (
	"mailbox_hash" text PRIMARY KEY NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files_to_delete" (
	"key" text PRIMARY KEY NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;