ALTER TABLE "stickers" ADD COLUMN "emoji" jsonb;--> statement-breakpoint
ALTER TABLE "stickers" ADD COLUMN "keywords" jsonb;--> statement-breakpoint
ALTER TABLE "stickers" ADD COLUMN "alt_text" text;