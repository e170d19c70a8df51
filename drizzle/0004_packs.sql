CREATE TABLE "pack_stickers" (
	"pack_id" bigint NOT NULL,
	"sticker_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"emoji" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pack_stickers_pack_id_sticker_id_pk" PRIMARY KEY("pack_id","sticker_id")
);
--> statement-breakpoint
CREATE TABLE "packs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"pack_id" text NOT NULL,
	"owner_id" bigint NOT NULL,
	"name" text NOT NULL,
	"visibility" text DEFAULT 'private' NOT NULL,
	"cover_sticker_id" bigint,
	"locale" text DEFAULT 'en' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "pack_id" bigint;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "mood" text;--> statement-breakpoint
ALTER TABLE "pack_stickers" ADD CONSTRAINT "pack_stickers_pack_id_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."packs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pack_stickers" ADD CONSTRAINT "pack_stickers_sticker_id_stickers_id_fk" FOREIGN KEY ("sticker_id") REFERENCES "public"."stickers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packs" ADD CONSTRAINT "packs_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packs" ADD CONSTRAINT "packs_cover_sticker_id_stickers_id_fk" FOREIGN KEY ("cover_sticker_id") REFERENCES "public"."stickers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pack_stickers_order_idx" ON "pack_stickers" USING btree ("pack_id","position");--> statement-breakpoint
CREATE INDEX "pack_stickers_sticker_idx" ON "pack_stickers" USING btree ("sticker_id");--> statement-breakpoint
CREATE UNIQUE INDEX "packs_pack_id_key" ON "packs" USING btree ("pack_id");--> statement-breakpoint
CREATE INDEX "packs_owner_idx" ON "packs" USING btree ("owner_id","id");--> statement-breakpoint
CREATE INDEX "packs_public_idx" ON "packs" USING btree ("id" DESC NULLS FIRST) WHERE "packs"."visibility" = 'public';--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_pack_id_packs_id_fk" FOREIGN KEY ("pack_id") REFERENCES "public"."packs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tasks_pack_idx" ON "tasks" USING btree ("pack_id") WHERE "tasks"."pack_id" is not null;