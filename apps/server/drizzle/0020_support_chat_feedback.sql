CREATE TABLE "feedback_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"feedback_id" uuid NOT NULL,
	"staff_id" uuid,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feedback_screenshots" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"feedback_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"name" varchar(255) NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"size" bigint NOT NULL,
	"mime" varchar(100) NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feedbacks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"category" varchar(16) NOT NULL,
	"description" text NOT NULL,
	"contact" varchar(100) DEFAULT '' NOT NULL,
	"status" varchar(12) DEFAULT 'new' NOT NULL,
	"locale" varchar(8) DEFAULT 'zh-CN' NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"visitor_token_hash" varchar(64),
	"visitor_name" varchar(40) DEFAULT '' NOT NULL,
	"contact" varchar(100) DEFAULT '' NOT NULL,
	"status" varchar(10) DEFAULT 'waiting' NOT NULL,
	"assignee_id" uuid,
	"last_seq" bigint DEFAULT 0 NOT NULL,
	"last_text" varchar(200) DEFAULT '' NOT NULL,
	"last_message_at" timestamp with time zone,
	"last_customer_seq" bigint DEFAULT 0 NOT NULL,
	"last_staff_seq" bigint DEFAULT 0 NOT NULL,
	"customer_read_seq" bigint DEFAULT 0 NOT NULL,
	"staff_read_seq" bigint DEFAULT 0 NOT NULL,
	"noticed_seq" bigint DEFAULT 0 NOT NULL,
	"locale" varchar(8) DEFAULT 'zh-CN' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "support_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"seq" bigint NOT NULL,
	"side" varchar(10) NOT NULL,
	"sender_id" uuid,
	"client_id" varchar(64) NOT NULL,
	"kind" varchar(8) NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"sha256" varchar(64),
	"file_name" varchar(255),
	"file_size" bigint,
	"mime" varchar(100),
	"width" integer,
	"height" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_quick_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" varchar(40) NOT NULL,
	"body" text NOT NULL,
	"order_num" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" varchar(20) NOT NULL,
	"title" varchar(200) NOT NULL,
	"body" text NOT NULL,
	"link" varchar(300) DEFAULT '' NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "feedback_replies" ADD CONSTRAINT "feedback_replies_feedback_id_feedbacks_id_fk" FOREIGN KEY ("feedback_id") REFERENCES "public"."feedbacks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_replies" ADD CONSTRAINT "feedback_replies_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_screenshots" ADD CONSTRAINT "feedback_screenshots_feedback_id_feedbacks_id_fk" FOREIGN KEY ("feedback_id") REFERENCES "public"."feedbacks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_screenshots" ADD CONSTRAINT "feedback_screenshots_sha256_drive_blobs_sha256_fk" FOREIGN KEY ("sha256") REFERENCES "public"."drive_blobs"("sha256") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedbacks" ADD CONSTRAINT "feedbacks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_conversations" ADD CONSTRAINT "support_conversations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_conversations" ADD CONSTRAINT "support_conversations_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_conversation_id_support_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."support_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_sha256_drive_blobs_sha256_fk" FOREIGN KEY ("sha256") REFERENCES "public"."drive_blobs"("sha256") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_quick_replies" ADD CONSTRAINT "support_quick_replies_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_notices" ADD CONSTRAINT "user_notices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "feedback_replies_feedback_idx" ON "feedback_replies" USING btree ("feedback_id","created_at");--> statement-breakpoint
CREATE INDEX "feedback_screenshots_feedback_idx" ON "feedback_screenshots" USING btree ("feedback_id","position");--> statement-breakpoint
CREATE INDEX "feedbacks_status_idx" ON "feedbacks" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "feedbacks_user_idx" ON "feedbacks" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "support_conversations_user_idx" ON "support_conversations" USING btree ("user_id") WHERE status <> 'closed' and user_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "support_conversations_visitor_idx" ON "support_conversations" USING btree ("visitor_token_hash");--> statement-breakpoint
CREATE INDEX "support_conversations_queue_idx" ON "support_conversations" USING btree ("status","last_message_at");--> statement-breakpoint
CREATE INDEX "support_conversations_assignee_idx" ON "support_conversations" USING btree ("assignee_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "support_messages_seq_idx" ON "support_messages" USING btree ("conversation_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "support_messages_client_idx" ON "support_messages" USING btree ("conversation_id","side","client_id");--> statement-breakpoint
CREATE INDEX "support_messages_body_trgm_idx" ON "support_messages" USING gin (lower("body") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_notices_user_idx" ON "user_notices" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "user_notices_unread_idx" ON "user_notices" USING btree ("user_id") WHERE read_at is null;--> statement-breakpoint
-- A chat attachment and a feedback screenshot each hold one reference on their blob, taken on insert
-- and given back however the row goes (the object files' trigger functions read any table's sha256).
CREATE TRIGGER support_messages_take_blobs AFTER INSERT ON support_messages
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kerf_object_files_take_blobs();--> statement-breakpoint
CREATE TRIGGER support_messages_release_blobs AFTER DELETE ON support_messages
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION kerf_object_files_release_blobs();--> statement-breakpoint
CREATE TRIGGER feedback_screenshots_take_blobs AFTER INSERT ON feedback_screenshots
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kerf_object_files_take_blobs();--> statement-breakpoint
CREATE TRIGGER feedback_screenshots_release_blobs AFTER DELETE ON feedback_screenshots
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION kerf_object_files_release_blobs();
