-- Generated from server/db/schema.ts by drizzle-kit (decision 0026): when the owner first put a pack made
-- in one go in an order of their own, after which its stickers still being made join at the end.
ALTER TABLE "packs" ADD COLUMN "ordered_by_owner_at" timestamp with time zone;