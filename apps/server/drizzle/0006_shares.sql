CREATE TABLE "drive_share_items" (
	"share_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "drive_share_items_share_id_entry_id_pk" PRIMARY KEY("share_id","entry_id")
);
--> statement-breakpoint
CREATE TABLE "drive_shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"code" varchar(32) NOT NULL,
	"share_type" smallint DEFAULT 0 NOT NULL,
	"extraction_code" varchar(16) DEFAULT '' NOT NULL,
	"remarks" varchar(200) DEFAULT '' NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"download_count" integer DEFAULT 0 NOT NULL,
	"save_count" integer DEFAULT 0 NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"failure_window_start" timestamp with time zone,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "drive_share_items" ADD CONSTRAINT "drive_share_items_share_id_drive_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."drive_shares"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drive_share_items" ADD CONSTRAINT "drive_share_items_entry_id_drive_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."drive_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drive_shares" ADD CONSTRAINT "drive_shares_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "drive_share_items_entry_idx" ON "drive_share_items" USING btree ("entry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "drive_shares_code_idx" ON "drive_shares" USING btree ("code");--> statement-breakpoint
CREATE INDEX "drive_shares_user_idx" ON "drive_shares" USING btree ("user_id","created_at");