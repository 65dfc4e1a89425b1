CREATE TABLE "device_bindings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"device_id" uuid NOT NULL,
	"user_id" uuid,
	"bound_at" timestamp with time zone NOT NULL,
	"unbound_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "device_boards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"device_id" uuid NOT NULL,
	"board_model" varchar(16) NOT NULL,
	"board_serial" varchar(16) NOT NULL,
	"fitted_at" timestamp with time zone NOT NULL,
	"removed_at" timestamp with time zone,
	"removed_by" uuid
);
--> statement-breakpoint
CREATE TABLE "device_commands" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"device_id" uuid NOT NULL,
	"user_id" uuid,
	"kind" varchar(16) NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" varchar(12) DEFAULT 'queued' NOT NULL,
	"message" varchar(500) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "device_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"level" varchar(8) NOT NULL,
	"code" varchar(32) NOT NULL,
	"message" varchar(500) DEFAULT '' NOT NULL,
	"data" jsonb
);
--> statement-breakpoint
CREATE TABLE "device_state_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"device_id" uuid NOT NULL,
	"state" varchar(16) NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"machine_code" varchar(12) NOT NULL,
	"machine_id" varchar(64) DEFAULT '' NOT NULL,
	"board_model" varchar(16) NOT NULL,
	"board_serial" varchar(16) NOT NULL,
	"version" varchar(32) DEFAULT '' NOT NULL,
	"image" varchar(500) DEFAULT '' NOT NULL,
	"activated_at" timestamp with time zone,
	"activation_date" date,
	"owner_id" uuid,
	"bound_at" timestamp with time zone,
	"unbound_at" timestamp with time zone,
	"name" varchar(64) DEFAULT '' NOT NULL,
	"power" real,
	"responsible_person" varchar(32) DEFAULT '' NOT NULL,
	"contact_phone" varchar(16) DEFAULT '' NOT NULL,
	"address" varchar(200) DEFAULT '' NOT NULL,
	"remark" varchar(500) DEFAULT '' NOT NULL,
	"state" varchar(16) DEFAULT 'offline' NOT NULL,
	"reported_state" varchar(16) DEFAULT 'offline' NOT NULL,
	"state_since" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone,
	"telemetry" jsonb,
	"credential_hash" text,
	"credential_claimed_at" timestamp with time zone,
	"claimable_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "device_bindings" ADD CONSTRAINT "device_bindings_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_bindings" ADD CONSTRAINT "device_bindings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_boards" ADD CONSTRAINT "device_boards_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_boards" ADD CONSTRAINT "device_boards_removed_by_users_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_commands" ADD CONSTRAINT "device_commands_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_events" ADD CONSTRAINT "device_events_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_state_changes" ADD CONSTRAINT "device_state_changes_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_bindings_device_idx" ON "device_bindings" USING btree ("device_id","bound_at");--> statement-breakpoint
CREATE INDEX "device_boards_device_idx" ON "device_boards" USING btree ("device_id","fitted_at");--> statement-breakpoint
CREATE INDEX "device_boards_serial_idx" ON "device_boards" USING btree ("board_serial");--> statement-breakpoint
CREATE INDEX "device_commands_device_idx" ON "device_commands" USING btree ("device_id","created_at");--> statement-breakpoint
CREATE INDEX "device_commands_open_idx" ON "device_commands" USING btree ("state","expires_at");--> statement-breakpoint
CREATE INDEX "device_events_device_idx" ON "device_events" USING btree ("device_id","at");--> statement-breakpoint
CREATE INDEX "device_events_code_idx" ON "device_events" USING btree ("code");--> statement-breakpoint
CREATE INDEX "device_state_changes_device_idx" ON "device_state_changes" USING btree ("device_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_machine_code_idx" ON "devices" USING btree ("machine_code");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_board_idx" ON "devices" USING btree ("board_serial");--> statement-breakpoint
CREATE INDEX "devices_owner_idx" ON "devices" USING btree ("owner_id","state");