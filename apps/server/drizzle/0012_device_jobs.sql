CREATE TABLE "device_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"device_id" uuid NOT NULL,
	"user_id" uuid,
	"file_id" uuid,
	"file_name" varchar(255) NOT NULL,
	"size" bigint DEFAULT 0 NOT NULL,
	"sha256" varchar(64) DEFAULT '' NOT NULL,
	"machine_job_id" varchar(64),
	"command_id" uuid,
	"fetched_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"task_state" varchar(12),
	"progress" real DEFAULT 0 NOT NULL,
	"failure" varchar(500),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_jobs" ADD CONSTRAINT "device_jobs_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_jobs" ADD CONSTRAINT "device_jobs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_jobs" ADD CONSTRAINT "device_jobs_command_id_device_commands_id_fk" FOREIGN KEY ("command_id") REFERENCES "public"."device_commands"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_jobs_device_idx" ON "device_jobs" USING btree ("device_id","created_at");--> statement-breakpoint
CREATE INDEX "device_jobs_command_idx" ON "device_jobs" USING btree ("command_id");--> statement-breakpoint
CREATE UNIQUE INDEX "device_jobs_machine_job_idx" ON "device_jobs" USING btree ("device_id","machine_job_id");