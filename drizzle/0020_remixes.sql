ALTER TABLE "stickers" ADD COLUMN "remixed_from" bigint;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "remixed_from" bigint;--> statement-breakpoint
ALTER TABLE "stickers" ADD CONSTRAINT "stickers_remixed_from_stickers_id_fk" FOREIGN KEY ("remixed_from") REFERENCES "public"."stickers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_remixed_from_stickers_id_fk" FOREIGN KEY ("remixed_from") REFERENCES "public"."stickers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stickers_remixed_from_idx" ON "stickers" USING btree ("remixed_from") WHERE "stickers"."remixed_from" is not null;