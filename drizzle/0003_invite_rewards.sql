ALTER TABLE "invites" ADD COLUMN "inviter_rewarded" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "mailbox" text;--> statement-breakpoint
CREATE INDEX "users_mailbox_idx" ON "users" USING btree ("mailbox");--> statement-breakpoint
-- Invites rewarded before this migration paid both sides at sign-up.
UPDATE "invites" SET "inviter_rewarded" = true WHERE "rewarded_at" IS NOT NULL;--> statement-breakpoint
-- The mailbox of every existing address, as server/accounts/mailbox.ts computes it: lower-cased, the
-- +tag dropped, at gmail.com / googlemail.com the dots dropped and the domain gmail.com.
UPDATE "users" AS u SET "mailbox" = m.local || '@' || m.domain
FROM (
  SELECT id,
    CASE WHEN domain IN ('gmail.com', 'googlemail.com') AND replace(local, '.', '') <> '' THEN replace(local, '.', '') ELSE local END AS local,
    CASE WHEN domain IN ('gmail.com', 'googlemail.com') THEN 'gmail.com' ELSE domain END AS domain
  FROM (
    SELECT id, CASE WHEN strpos(l, '+') > 1 THEN left(l, strpos(l, '+') - 1) ELSE l END AS local, d AS domain
    FROM (
      SELECT id, substring(lower(trim(email)) from '^(.*)@[^@]*$') AS l, substring(lower(trim(email)) from '@([^@]*)$') AS d
      FROM "users" WHERE email IS NOT NULL
    ) AS parts
  ) AS untagged
) AS m
WHERE u.id = m.id AND m.local <> '';
