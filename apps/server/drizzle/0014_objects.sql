CREATE TABLE "store_favourites" (
	"user_id" uuid NOT NULL,
	"object_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_favourites_user_id_object_id_pk" PRIMARY KEY("user_id","object_id")
);
--> statement-breakpoint
CREATE TABLE "store_likes" (
	"user_id" uuid NOT NULL,
	"object_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_likes_user_id_object_id_pk" PRIMARY KEY("user_id","object_id")
);
--> statement-breakpoint
CREATE TABLE "store_object_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"object_id" uuid NOT NULL,
	"kind" varchar(8) NOT NULL,
	"position" integer NOT NULL,
	"name" varchar(255) NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"size" bigint NOT NULL,
	"format" varchar(8) NOT NULL,
	"width" integer,
	"height" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_objects" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"origin" varchar(4) DEFAULT '1' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"material" varchar(100) DEFAULT '' NOT NULL,
	"machine" varchar(100) DEFAULT '' NOT NULL,
	"licence" varchar(16) DEFAULT 'personal' NOT NULL,
	"crafts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"paper_count" integer DEFAULT 0 NOT NULL,
	"preview_count" integer DEFAULT 0 NOT NULL,
	"listed" boolean DEFAULT false NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"currency" varchar(3) DEFAULT 'CNY' NOT NULL,
	"listed_at" timestamp with time zone,
	"title" varchar(255) DEFAULT '' NOT NULL,
	"search" text DEFAULT '' NOT NULL,
	"formats" text[] DEFAULT '{}' NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"favourite_count" integer DEFAULT 0 NOT NULL,
	"download_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_picks" (
	"object_id" uuid PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"picked_by" uuid,
	"picked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "store_favourites" ADD CONSTRAINT "store_favourites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_favourites" ADD CONSTRAINT "store_favourites_object_id_store_objects_id_fk" FOREIGN KEY ("object_id") REFERENCES "public"."store_objects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_likes" ADD CONSTRAINT "store_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_likes" ADD CONSTRAINT "store_likes_object_id_store_objects_id_fk" FOREIGN KEY ("object_id") REFERENCES "public"."store_objects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_object_files" ADD CONSTRAINT "store_object_files_object_id_store_objects_id_fk" FOREIGN KEY ("object_id") REFERENCES "public"."store_objects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_object_files" ADD CONSTRAINT "store_object_files_sha256_drive_blobs_sha256_fk" FOREIGN KEY ("sha256") REFERENCES "public"."drive_blobs"("sha256") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_objects" ADD CONSTRAINT "store_objects_id_drive_entries_id_fk" FOREIGN KEY ("id") REFERENCES "public"."drive_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_objects" ADD CONSTRAINT "store_objects_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_picks" ADD CONSTRAINT "store_picks_object_id_store_objects_id_fk" FOREIGN KEY ("object_id") REFERENCES "public"."store_objects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_picks" ADD CONSTRAINT "store_picks_picked_by_users_id_fk" FOREIGN KEY ("picked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "store_favourites_user_idx" ON "store_favourites" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "store_favourites_object_idx" ON "store_favourites" USING btree ("object_id");--> statement-breakpoint
CREATE INDEX "store_likes_object_idx" ON "store_likes" USING btree ("object_id");--> statement-breakpoint
CREATE INDEX "store_object_files_object_idx" ON "store_object_files" USING btree ("object_id","kind","position");--> statement-breakpoint
CREATE INDEX "store_objects_owner_idx" ON "store_objects" USING btree ("owner_id","updated_at");--> statement-breakpoint
CREATE INDEX "store_objects_shop_new_idx" ON "store_objects" USING btree ("listed_at","id") WHERE listed and paper_count > 0 and preview_count > 0;--> statement-breakpoint
CREATE INDEX "store_objects_shop_popular_idx" ON "store_objects" USING btree ((like_count + favourite_count + 2 * download_count),"id") WHERE listed and paper_count > 0 and preview_count > 0;--> statement-breakpoint
CREATE INDEX "store_objects_shop_price_idx" ON "store_objects" USING btree ("currency","price","id") WHERE listed and paper_count > 0 and preview_count > 0;--> statement-breakpoint
CREATE INDEX "store_objects_search_trgm_idx" ON "store_objects" USING gin ("search" gin_trgm_ops) WHERE listed and paper_count > 0 and preview_count > 0;--> statement-breakpoint
-- Each attachment row holds one reference on its blob (the service records the blob before the row).
CREATE FUNCTION kerf_object_files_take_blobs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE drive_blobs b SET ref_count = b.ref_count + n.count, unreferenced_at = NULL
    FROM (SELECT sha256, count(*)::int AS count FROM new_rows GROUP BY sha256) n
   WHERE b.sha256 = n.sha256;
  RETURN NULL;
END $$;--> statement-breakpoint
-- ...and gives it back however the row goes: an edit, or a purge cascading from the drive entry.
CREATE FUNCTION kerf_object_files_release_blobs() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE drive_blobs b SET ref_count = b.ref_count - o.count,
         unreferenced_at = CASE WHEN b.ref_count - o.count <= 0 THEN now() ELSE NULL END
    FROM (SELECT sha256, count(*)::int AS count FROM old_rows GROUP BY sha256) o
   WHERE b.sha256 = o.sha256;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER store_object_files_take_blobs AFTER INSERT ON store_object_files
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION kerf_object_files_take_blobs();--> statement-breakpoint
CREATE TRIGGER store_object_files_release_blobs AFTER DELETE ON store_object_files
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION kerf_object_files_release_blobs();
--> statement-breakpoint
-- The shop searches one lower-cased text of everything a shopper might type.
CREATE FUNCTION kerf_object_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search := lower(concat_ws(' ', NEW.title, NEW.description, array_to_string(NEW.tags, ' '), NEW.material, NEW.machine));
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER store_objects_search BEFORE INSERT OR UPDATE ON store_objects
  FOR EACH ROW EXECUTE FUNCTION kerf_object_search();--> statement-breakpoint
-- An object's title is its drive entry's name without `.kobj`, however the entry is renamed.
CREATE FUNCTION kerf_object_title_from_entry() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE store_objects o SET title = regexp_replace(NEW.name, '\.kobj$', '', 'i')
   WHERE o.id = NEW.id AND o.title IS DISTINCT FROM regexp_replace(NEW.name, '\.kobj$', '', 'i');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER drive_entries_object_title AFTER UPDATE OF name ON drive_entries
  FOR EACH ROW WHEN (NEW.extend_name = 'kobj') EXECUTE FUNCTION kerf_object_title_from_entry();--> statement-breakpoint
CREATE FUNCTION kerf_object_title_on_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT regexp_replace(e.name, '\.kobj$', '', 'i') INTO NEW.title FROM drive_entries e WHERE e.id = NEW.id;
  NEW.title := coalesce(NEW.title, '');
  RETURN NEW;
END $$;--> statement-breakpoint
-- Runs before store_objects_search (triggers fire in name order), so the search text has the title.
CREATE TRIGGER store_objects_a_title BEFORE INSERT ON store_objects
  FOR EACH ROW EXECUTE FUNCTION kerf_object_title_on_insert();
