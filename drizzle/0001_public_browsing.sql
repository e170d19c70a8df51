ALTER TABLE "feedback" ADD COLUMN "page" text;--> statement-breakpoint
ALTER TABLE "sticker_tags" ADD COLUMN "is_public" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sticker_tags" ADD COLUMN "hot_score" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stickers" ADD COLUMN "hot_score" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "sticker_tags_public_hot_idx" ON "sticker_tags" USING btree ("tag_id","hot_score" DESC NULLS FIRST,"sticker_id" DESC NULLS FIRST) WHERE "sticker_tags"."is_public";--> statement-breakpoint
CREATE INDEX "sticker_tags_public_id_idx" ON "sticker_tags" USING btree ("tag_id","sticker_id" DESC NULLS FIRST) WHERE "sticker_tags"."is_public";--> statement-breakpoint
CREATE INDEX "stickers_public_style_hot_idx" ON "stickers" USING btree ("style_id","hot_score" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "stickers"."visibility" = 'public';--> statement-breakpoint
CREATE INDEX "stickers_public_hot_idx" ON "stickers" USING btree ("hot_score" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "stickers"."visibility" = 'public';--> statement-breakpoint
CREATE INDEX "stickers_public_id_idx" ON "stickers" USING btree ("id") WHERE "stickers"."visibility" = 'public';
--> statement-breakpoint
-- Written by hand below (and DEFAULT 0 above, so existing rows can take the column): fill hot_score
-- for stickers that exist already with the formula of server/stickers/hot-score.ts, then drop the
-- default so every insert states it; and keep sticker_tags' copies of is_public and hot_score in
-- step with their sticker, whoever writes either table.
UPDATE "stickers" SET "hot_score" = log(greatest("favorite_count", 1)::double precision) + extract(epoch from "created_at")::double precision / 45000;--> statement-breakpoint
ALTER TABLE "stickers" ALTER COLUMN "hot_score" DROP DEFAULT;--> statement-breakpoint
UPDATE "sticker_tags" SET "is_public" = s."visibility" = 'public', "hot_score" = s."hot_score" FROM "stickers" s WHERE s."id" = "sticker_tags"."sticker_id";--> statement-breakpoint
CREATE FUNCTION "sticker_tags_copy_sticker"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT s."visibility" = 'public', s."hot_score" INTO NEW."is_public", NEW."hot_score"
    FROM "stickers" s WHERE s."id" = NEW."sticker_id";
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "sticker_tags_copy_sticker" BEFORE INSERT OR UPDATE ON "sticker_tags"
  FOR EACH ROW EXECUTE FUNCTION "sticker_tags_copy_sticker"();--> statement-breakpoint
CREATE FUNCTION "stickers_copy_to_tags"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "sticker_tags" SET "is_public" = NEW."visibility" = 'public', "hot_score" = NEW."hot_score"
    WHERE "sticker_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "stickers_copy_to_tags" AFTER UPDATE OF "visibility", "hot_score" ON "stickers"
  FOR EACH ROW WHEN (OLD."visibility" IS DISTINCT FROM NEW."visibility" OR OLD."hot_score" IS DISTINCT FROM NEW."hot_score")
  EXECUTE FUNCTION "stickers_copy_to_tags"();
