CREATE TABLE "sys_oper_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"module" varchar(50) NOT NULL,
	"business_type" varchar(10) NOT NULL,
	"method" varchar(8) NOT NULL,
	"route" varchar(200) NOT NULL,
	"url" varchar(500) NOT NULL,
	"params" text DEFAULT '' NOT NULL,
	"status" smallint NOT NULL,
	"http_status" integer NOT NULL,
	"error_msg" varchar(500) DEFAULT '' NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"cost_ms" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sys_oper_logs_created_idx" ON "sys_oper_logs" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "sys_oper_logs_user_idx" ON "sys_oper_logs" USING btree ("user_id","created_at","id");