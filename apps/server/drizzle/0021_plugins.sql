CREATE TABLE "plugin_installs" (
	"user_id" uuid NOT NULL,
	"plugin_id" varchar(64) NOT NULL,
	"version" varchar(20),
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plugin_installs_user_id_plugin_id_pk" PRIMARY KEY("user_id","plugin_id")
);
--> statement-breakpoint
CREATE TABLE "plugin_versions" (
	"plugin_id" varchar(64) NOT NULL,
	"version" varchar(20) NOT NULL,
	"status" varchar(10) DEFAULT 'draft' NOT NULL,
	"manifest" jsonb NOT NULL,
	"entry" "bytea" NOT NULL,
	"icon" "bytea",
	"icon_type" varchar(20),
	"package_size" integer NOT NULL,
	"digest" varchar(64) NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	CONSTRAINT "plugin_versions_plugin_id_version_pk" PRIMARY KEY("plugin_id","version")
);
--> statement-breakpoint
CREATE TABLE "plugins" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"builtin" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "plugin_installs" ADD CONSTRAINT "plugin_installs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plugin_installs" ADD CONSTRAINT "plugin_installs_plugin_id_plugins_id_fk" FOREIGN KEY ("plugin_id") REFERENCES "public"."plugins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plugin_installs" ADD CONSTRAINT "plugin_installs_plugin_id_version_plugin_versions_plugin_id_version_fk" FOREIGN KEY ("plugin_id","version") REFERENCES "public"."plugin_versions"("plugin_id","version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plugin_versions" ADD CONSTRAINT "plugin_versions_plugin_id_plugins_id_fk" FOREIGN KEY ("plugin_id") REFERENCES "public"."plugins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plugin_versions" ADD CONSTRAINT "plugin_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "plugin_installs_plugin_idx" ON "plugin_installs" USING btree ("plugin_id");--> statement-breakpoint
CREATE INDEX "plugin_versions_status_idx" ON "plugin_versions" USING btree ("status","plugin_id");