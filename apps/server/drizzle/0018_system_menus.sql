CREATE TABLE "sys_menus" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"menu_key" varchar(100) NOT NULL,
	"parent_id" uuid,
	"menu_type" varchar(1) NOT NULL,
	"title_cn" varchar(64) NOT NULL,
	"title_en" varchar(64) NOT NULL,
	"path" varchar(200) DEFAULT '' NOT NULL,
	"icon" varchar(64) DEFAULT '' NOT NULL,
	"order_num" integer DEFAULT 0 NOT NULL,
	"visible" boolean DEFAULT true NOT NULL,
	"permission" varchar(100) DEFAULT '' NOT NULL,
	"builtin" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "order_num" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "status" varchar(16) DEFAULT 'enabled' NOT NULL;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "remark" text;--> statement-breakpoint
ALTER TABLE "sys_menus" ADD CONSTRAINT "sys_menus_parent_id_sys_menus_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."sys_menus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sys_menus_key_idx" ON "sys_menus" USING btree ("menu_key");--> statement-breakpoint
CREATE INDEX "sys_menus_parent_idx" ON "sys_menus" USING btree ("parent_id");