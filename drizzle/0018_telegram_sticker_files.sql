CREATE TABLE "telegram_sticker_files" (
	"pic_id" text NOT NULL,
	"mark" text NOT NULL,
	"file_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "telegram_sticker_files_pic_id_mark_pk" PRIMARY KEY("pic_id","mark")
);
--> statement-breakpoint
ALTER TABLE "telegram_sticker_files" ADD CONSTRAINT "telegram_sticker_files_pic_id_pictures_id_fk" FOREIGN KEY ("pic_id") REFERENCES "public"."pictures"("id") ON DELETE cascade ON UPDATE no action;