ALTER TABLE "pictures" ADD COLUMN "editable" jsonb;--> statement-breakpoint
ALTER TABLE "stickers" ADD COLUMN "original_pic_id" text;--> statement-breakpoint
ALTER TABLE "stickers" ADD COLUMN "edit" jsonb;--> statement-breakpoint
ALTER TABLE "stickers" ADD CONSTRAINT "stickers_original_pic_id_pictures_id_fk" FOREIGN KEY ("original_pic_id") REFERENCES "public"."pictures"("id") ON DELETE no action ON UPDATE no action;