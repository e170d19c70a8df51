ALTER TABLE "tasks" ADD COLUMN "visibility" text DEFAULT 'public' NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "locale" text DEFAULT 'en' NOT NULL;