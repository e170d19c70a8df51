-- Written by hand (decision 0031). Explore's rule counts a sticker's recent favourites, and asks the
-- audit log whether an editor took the sticker out of explore: both by sticker.
CREATE INDEX "favorites_sticker_created_idx" ON "favorites" USING btree ("sticker_id","created_at");--> statement-breakpoint
CREATE INDEX "moderation_actions_sticker_idx" ON "moderation_actions" USING btree ("sticker_id") WHERE "moderation_actions"."sticker_id" is not null;
