CREATE TABLE "installation" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"installed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"start_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sys_config" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"config_key" varchar(100) NOT NULL,
	"config_value" text NOT NULL,
	"config_name" varchar(100) NOT NULL,
	"builtin" boolean DEFAULT false NOT NULL,
	"remark" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sys_config_key_idx" ON "sys_config" USING btree ("config_key");