ALTER TABLE "pictures" ADD COLUMN "layers" jsonb;--> statement-breakpoint
ALTER TABLE "stickers" ADD COLUMN "motion" text;--> statement-breakpoint
ALTER TABLE "stickers" ADD COLUMN "made_from_sticker_id" bigint;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "source_sticker_id" bigint;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "motion" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "pack_emoji" jsonb;--> statement-breakpoint
ALTER TABLE "stickers" ADD CONSTRAINT "stickers_made_from_sticker_id_stickers_id_fk" FOREIGN KEY ("made_from_sticker_id") REFERENCES "public"."stickers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_source_sticker_id_stickers_id_fk" FOREIGN KEY ("source_sticker_id") REFERENCES "public"."stickers"("id") ON DELETE set null ON UPDATE no action;