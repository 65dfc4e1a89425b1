CREATE TABLE "craft_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"craft_id" uuid NOT NULL,
	"library" varchar(16) NOT NULL,
	"owner_id" uuid,
	"revision" integer NOT NULL,
	"action" varchar(16) NOT NULL,
	"snapshot" jsonb NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "craft_seeds" (
	"library" varchar(16) PRIMARY KEY NOT NULL,
	"seeded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crafts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"library" varchar(16) NOT NULL,
	"owner_id" uuid,
	"material" varchar(64) NOT NULL,
	"thickness" real,
	"machine_model" varchar(64) DEFAULT '' NOT NULL,
	"laser_type" varchar(8) NOT NULL,
	"power_class" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"passes" jsonb NOT NULL,
	"lightburn" jsonb,
	"starting_values" boolean DEFAULT false NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "craft_revisions" ADD CONSTRAINT "craft_revisions_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "craft_revisions" ADD CONSTRAINT "craft_revisions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crafts" ADD CONSTRAINT "crafts_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crafts" ADD CONSTRAINT "crafts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crafts" ADD CONSTRAINT "crafts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "craft_revisions_craft_idx" ON "craft_revisions" USING btree ("craft_id","revision");--> statement-breakpoint
CREATE INDEX "crafts_library_idx" ON "crafts" USING btree ("library","owner_id","material","thickness");--> statement-breakpoint
CREATE INDEX "crafts_owner_idx" ON "crafts" USING btree ("owner_id");