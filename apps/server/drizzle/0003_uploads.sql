CREATE TABLE "drive_upload_chunks" (
	"upload_id" uuid NOT NULL,
	"chunk_index" integer NOT NULL,
	CONSTRAINT "drive_upload_chunks_upload_id_chunk_index_pk" PRIMARY KEY("upload_id","chunk_index")
);
--> statement-breakpoint
CREATE TABLE "drive_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"parent_id" uuid,
	"relative_path" text DEFAULT '' NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"file_size" bigint NOT NULL,
	"chunk_size" integer NOT NULL,
	"total_chunks" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "drive_upload_chunks" ADD CONSTRAINT "drive_upload_chunks_upload_id_drive_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."drive_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drive_uploads" ADD CONSTRAINT "drive_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drive_uploads" ADD CONSTRAINT "drive_uploads_parent_id_drive_entries_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."drive_entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "drive_uploads_resume_idx" ON "drive_uploads" USING btree ("user_id","sha256","file_size");--> statement-breakpoint
CREATE INDEX "drive_uploads_updated_idx" ON "drive_uploads" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "drive_entries_ext_idx" ON "drive_entries" USING btree ("user_id","extend_name","created_at") WHERE deleted_at is null and not is_dir;