CREATE TABLE "store_entitlements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"object_id" uuid NOT NULL,
	"source" varchar(8) NOT NULL,
	"order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_no" varchar(32) NOT NULL,
	"buyer_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"object_id" uuid,
	"object_name" varchar(255) NOT NULL,
	"amount" integer NOT NULL,
	"currency" varchar(3) NOT NULL,
	"refunded" integer DEFAULT 0 NOT NULL,
	"state" varchar(12) DEFAULT 'pending' NOT NULL,
	"provider" varchar(12) NOT NULL,
	"provider_ref" varchar(128),
	"pay_kind" varchar(12),
	"pay_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "store_payment_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" varchar(12) NOT NULL,
	"event_id" varchar(128) NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" varchar(12) NOT NULL,
	"amount" integer NOT NULL,
	"currency" varchar(3) NOT NULL,
	"applied" varchar(12) NOT NULL,
	"payload" jsonb,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "store_entitlements" ADD CONSTRAINT "store_entitlements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_entitlements" ADD CONSTRAINT "store_entitlements_object_id_store_objects_id_fk" FOREIGN KEY ("object_id") REFERENCES "public"."store_objects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_entitlements" ADD CONSTRAINT "store_entitlements_order_id_store_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."store_orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_orders" ADD CONSTRAINT "store_orders_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_orders" ADD CONSTRAINT "store_orders_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_orders" ADD CONSTRAINT "store_orders_object_id_store_objects_id_fk" FOREIGN KEY ("object_id") REFERENCES "public"."store_objects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_payment_events" ADD CONSTRAINT "store_payment_events_order_id_store_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."store_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "store_entitlements_once_idx" ON "store_entitlements" USING btree ("user_id","object_id");--> statement-breakpoint
CREATE INDEX "store_entitlements_user_idx" ON "store_entitlements" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "store_orders_no_idx" ON "store_orders" USING btree ("order_no");--> statement-breakpoint
CREATE UNIQUE INDEX "store_orders_one_pending_idx" ON "store_orders" USING btree ("buyer_id","object_id") WHERE state = 'pending';--> statement-breakpoint
CREATE INDEX "store_orders_buyer_idx" ON "store_orders" USING btree ("buyer_id","created_at");--> statement-breakpoint
CREATE INDEX "store_orders_seller_idx" ON "store_orders" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE INDEX "store_orders_pending_idx" ON "store_orders" USING btree ("expires_at") WHERE state = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "store_payment_events_once_idx" ON "store_payment_events" USING btree ("provider","event_id");--> statement-breakpoint
CREATE INDEX "store_payment_events_order_idx" ON "store_payment_events" USING btree ("order_id","received_at");