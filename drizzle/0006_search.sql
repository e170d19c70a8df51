CREATE TABLE "sticker_words" (
	"word" text NOT NULL,
	"sticker_id" bigint NOT NULL,
	"hot_score" double precision NOT NULL,
	"is_public" boolean NOT NULL,
	CONSTRAINT "sticker_words_sticker_id_word_pk" PRIMARY KEY("sticker_id","word")
);
--> statement-breakpoint
CREATE TABLE "tag_terms" (
	"term" text NOT NULL,
	"tag_id" integer NOT NULL,
	"quality" smallint DEFAULT 1 NOT NULL,
	CONSTRAINT "tag_terms_term_tag_id_pk" PRIMARY KEY("term","tag_id")
);
--> statement-breakpoint
ALTER TABLE "stickers" ADD COLUMN "subjects_tagged" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "kind" text DEFAULT 'list' NOT NULL;--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "slug" text;--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "names" jsonb;--> statement-breakpoint
ALTER TABLE "sticker_words" ADD CONSTRAINT "sticker_words_sticker_id_stickers_id_fk" FOREIGN KEY ("sticker_id") REFERENCES "public"."stickers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_terms" ADD CONSTRAINT "tag_terms_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sticker_words_public_hot_idx" ON "sticker_words" USING btree ("word","hot_score" DESC NULLS FIRST,"sticker_id" DESC NULLS FIRST) WHERE "sticker_words"."is_public";--> statement-breakpoint
CREATE INDEX "tag_terms_tag_idx" ON "tag_terms" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "stickers_untagged_idx" ON "stickers" USING btree ("id") WHERE not "stickers"."subjects_tagged";--> statement-breakpoint
CREATE UNIQUE INDEX "tags_slug_key" ON "tags" USING btree ("slug");--> statement-breakpoint
-- Written by hand below: gallery search (issue 16, decision 0030).
-- Subject tags take their ids from here, far above the list tags 1 and 2.
CREATE SEQUENCE IF NOT EXISTS "tags_subject_id_seq" START 1000;--> statement-breakpoint
UPDATE "tags" SET "slug" = CASE "id" WHEN 1 THEN 'community' WHEN 2 THEN 'explore' END WHERE "kind" = 'list' AND "id" IN (1, 2);--> statement-breakpoint
-- Lower case without accents ("Café" → "cafe"). unaccent() itself is only STABLE (its dictionary could
-- change); naming the dictionary makes the wrapper safe to call IMMUTABLE, as an index needs.
CREATE OR REPLACE FUNCTION "search_fold"(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(public.unaccent('public.unaccent'::regdictionary, coalesce(t, '')))
$$;--> statement-breakpoint
-- A sticker language's text search configuration: the ones both PostgreSQL and PGlite ship; the
-- others (zh, zh-TW, ja, ko, bn) are 'simple' plus character n-grams.
CREATE OR REPLACE FUNCTION "search_config"(locale text) RETURNS regconfig LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE locale
    WHEN 'en' THEN 'english'::regconfig WHEN 'fr' THEN 'french'::regconfig WHEN 'de' THEN 'german'::regconfig
    WHEN 'es' THEN 'spanish'::regconfig WHEN 'pt' THEN 'portuguese'::regconfig WHEN 'ru' THEN 'russian'::regconfig
    WHEN 'ar' THEN 'arabic'::regconfig WHEN 'hi' THEN 'hindi'::regconfig WHEN 'id' THEN 'indonesian'::regconfig
    ELSE 'simple'::regconfig END
$$;--> statement-breakpoint
-- Han, kana and Hangul are written without spaces between words: every character and every pair of
-- neighbours becomes a word of its own, so "猫" and "睡觉" both find "猫在睡觉".
CREATE OR REPLACE FUNCTION "search_grams"(t text) RETURNS text LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  run text;
  grams text := '';
  n int;
BEGIN
  FOR run IN SELECT m[1] FROM regexp_matches(coalesce(t, ''), '([぀-ヿ㐀-鿿가-힯豈-﫿]+)', 'g') AS m LOOP
    n := char_length(run);
    FOR i IN 1..n LOOP
      grams := grams || ' ' || substr(run, i, 1);
      IF i < n THEN grams := grams || ' ' || substr(run, i, 2); END IF;
    END LOOP;
  END LOOP;
  RETURN grams;
END
$$;--> statement-breakpoint
-- What a sticker is found by: its name and prompt stemmed in its own language, the same words
-- unstemmed (a query in another language's config still meets them), and the CJK n-grams.
CREATE OR REPLACE FUNCTION "sticker_search_doc"(locale text, name text, prompt text) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT to_tsvector(public.search_config(locale), public.search_fold(name || ' ' || prompt))
    || to_tsvector('simple'::regconfig, public.search_fold(name || ' ' || prompt))
    || to_tsvector('simple'::regconfig, public.search_grams(name || ' ' || prompt))
$$;--> statement-breakpoint
ALTER TABLE "stickers" ADD COLUMN "search_doc" tsvector GENERATED ALWAYS AS (public.sticker_search_doc("locale", "name", "prompt")) STORED;--> statement-breakpoint
-- Only what search may show: public and not hidden by moderation.
CREATE INDEX "stickers_search_doc_idx" ON "stickers" USING gin ("search_doc") WHERE "visibility" = 'public' AND "hidden_at" IS NULL;--> statement-breakpoint
CREATE INDEX "tag_terms_term_trgm_idx" ON "tag_terms" USING gin ("term" gin_trgm_ops);
--> statement-breakpoint
-- Search's inverted index (sticker_words): a sticker's distinct words, refilled when its text changes.
CREATE OR REPLACE FUNCTION "sticker_words_fill"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM "sticker_words" WHERE "sticker_id" = NEW."id";
  END IF;
  INSERT INTO "sticker_words" ("word", "sticker_id", "hot_score", "is_public")
    SELECT w, NEW."id", NEW."hot_score", NEW."visibility" = 'public' AND NEW."hidden_at" IS NULL
    FROM unnest(tsvector_to_array(NEW."search_doc")) AS w;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "stickers_words_insert" AFTER INSERT ON "stickers"
  FOR EACH ROW EXECUTE FUNCTION "sticker_words_fill"();--> statement-breakpoint
CREATE TRIGGER "stickers_words_text" AFTER UPDATE OF "name", "prompt", "locale" ON "stickers"
  FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."prompt" IS DISTINCT FROM NEW."prompt"
    OR OLD."locale" IS DISTINCT FROM NEW."locale")
  EXECUTE FUNCTION "sticker_words_fill"();--> statement-breakpoint
-- The copies follow the sticker like sticker_tags' do (migrations 0001 and 0005).
CREATE OR REPLACE FUNCTION "sticker_words_copy"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "sticker_words" SET "is_public" = NEW."visibility" = 'public' AND NEW."hidden_at" IS NULL, "hot_score" = NEW."hot_score"
    WHERE "sticker_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "stickers_words_copy" AFTER UPDATE OF "visibility", "hot_score", "hidden_at" ON "stickers"
  FOR EACH ROW WHEN (OLD."visibility" IS DISTINCT FROM NEW."visibility" OR OLD."hot_score" IS DISTINCT FROM NEW."hot_score"
    OR OLD."hidden_at" IS DISTINCT FROM NEW."hidden_at")
  EXECUTE FUNCTION "sticker_words_copy"();--> statement-breakpoint
-- Stickers made before this migration.
INSERT INTO "sticker_words" ("word", "sticker_id", "hot_score", "is_public")
  SELECT w, s."id", s."hot_score", s."visibility" = 'public' AND s."hidden_at" IS NULL
  FROM "stickers" s, unnest(tsvector_to_array(s."search_doc")) AS w;
