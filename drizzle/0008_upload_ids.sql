-- Written by hand (decision 0029). A picture task remembers the upload id its page made, so a retried
-- or interrupted submit finds its task instead of starting and paying for a second one.
ALTER TABLE "tasks" ADD COLUMN "client_upload_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "tasks_user_upload_key" ON "tasks" USING btree ("user_id","client_upload_id") WHERE "tasks"."client_upload_id" is not null;
