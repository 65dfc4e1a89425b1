-- Trigram search on names (Chinese substrings included); PGlite loads the extension, PostgreSQL ships it in contrib.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "drive_accounts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"quota_bytes" bigint NOT NULL,
	"used_bytes" bigint DEFAULT 0 NOT NULL,
	"root_child_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "drive_blobs" (
	"sha256" varchar(64) PRIMARY KEY NOT NULL,
	"size" bigint NOT NULL,
	"ref_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"unreferenced_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "drive_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"parent_id" uuid,
	"name" varchar(255) NOT NULL,
	"is_dir" boolean NOT NULL,
	"extend_name" varchar(32) DEFAULT '' NOT NULL,
	"blob_sha256" varchar(64),
	"file_size" bigint DEFAULT 0 NOT NULL,
	"parent_path" text DEFAULT '/' NOT NULL,
	"child_count" integer DEFAULT 0 NOT NULL,
	"image_width" integer,
	"image_height" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"delete_batch_num" uuid,
	"delete_root" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
ALTER TABLE "drive_accounts" ADD CONSTRAINT "drive_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drive_entries" ADD CONSTRAINT "drive_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drive_entries" ADD CONSTRAINT "drive_entries_parent_id_drive_entries_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."drive_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drive_entries" ADD CONSTRAINT "drive_entries_blob_sha256_drive_blobs_sha256_fk" FOREIGN KEY ("blob_sha256") REFERENCES "public"."drive_blobs"("sha256") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "drive_blobs_unreferenced_idx" ON "drive_blobs" USING btree ("unreferenced_at") WHERE ref_count = 0;--> statement-breakpoint
CREATE UNIQUE INDEX "drive_entries_name_idx" ON "drive_entries" USING btree ("user_id",coalesce("parent_id", '00000000-0000-0000-0000-000000000000'::uuid),"name") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "drive_entries_list_idx" ON "drive_entries" USING btree ("user_id","parent_id","is_dir" DESC NULLS LAST,"name") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "drive_entries_path_idx" ON "drive_entries" USING btree ("user_id","parent_path" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "drive_entries_batch_idx" ON "drive_entries" USING btree ("user_id","delete_batch_num") WHERE delete_batch_num is not null;--> statement-breakpoint
CREATE INDEX "drive_entries_bin_idx" ON "drive_entries" USING btree ("deleted_at") WHERE delete_root;--> statement-breakpoint
CREATE INDEX "drive_entries_name_trgm_idx" ON "drive_entries" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "drive_entries_blob_idx" ON "drive_entries" USING btree ("blob_sha256");