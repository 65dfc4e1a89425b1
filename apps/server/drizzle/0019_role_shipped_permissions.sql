ALTER TABLE "roles" ADD COLUMN "shipped_permissions" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- Built-in roles of existing installations: what they hold now counts as shipped, so nothing an administrator removed comes back.
UPDATE "roles" SET "shipped_permissions" = "permissions" WHERE "builtin" = true;
