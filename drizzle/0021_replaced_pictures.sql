CREATE TABLE "replaced_pictures" (
	"pic_id" text NOT NULL,
	"sticker_id" bigint NOT NULL,
	"replaced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "replaced_pictures_pic_id_sticker_id_pk" PRIMARY KEY("pic_id","sticker_id")
);
--> statement-breakpoint
ALTER TABLE "replaced_pictures" ADD CONSTRAINT "replaced_pictures_pic_id_pictures_id_fk" FOREIGN KEY ("pic_id") REFERENCES "public"."pictures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "replaced_pictures" ADD CONSTRAINT "replaced_pictures_sticker_id_stickers_id_fk" FOREIGN KEY ("sticker_id") REFERENCES "public"."stickers"("id") ON DELETE cascade ON UPDATE no action;