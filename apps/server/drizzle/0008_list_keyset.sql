-- Natural order for names (a2 before a10, case folded before accents before case): an ICU collation,
-- deterministic, so equality and the unique name index mean what they meant. Named kerf_natural because
-- `natural` is a reserved word. The list indexes below are built on the column in this collation.
CREATE COLLATION IF NOT EXISTS kerf_natural (provider = icu, locale = 'und-u-kn-true');--> statement-breakpoint
DROP INDEX "drive_entries_list_idx";--> statement-breakpoint
DROP INDEX "drive_entries_list_time_idx";--> statement-breakpoint
DROP INDEX "drive_entries_list_size_idx";--> statement-breakpoint
ALTER TABLE "drive_entries" ALTER COLUMN "name" TYPE varchar(255) COLLATE kerf_natural;--> statement-breakpoint
CREATE INDEX "drive_entries_list_name_asc_idx" ON "drive_entries" USING btree ("user_id","parent_id",(not "is_dir"),"name","id","is_dir") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "drive_entries_list_name_desc_idx" ON "drive_entries" USING btree ("user_id","parent_id","is_dir","name","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "drive_entries_list_size_asc_idx" ON "drive_entries" USING btree ("user_id","parent_id",(not "is_dir"),"file_size","name","id","is_dir") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "drive_entries_list_size_desc_idx" ON "drive_entries" USING btree ("user_id","parent_id","is_dir","file_size","name","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "drive_entries_list_type_asc_idx" ON "drive_entries" USING btree ("user_id","parent_id",(not "is_dir"),"extend_name","name","id","is_dir") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "drive_entries_list_type_desc_idx" ON "drive_entries" USING btree ("user_id","parent_id","is_dir","extend_name","name","id") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "drive_entries_list_time_asc_idx" ON "drive_entries" USING btree ("user_id","parent_id",(not "is_dir"),"updated_at","name","id","is_dir") WHERE deleted_at is null;--> statement-breakpoint
CREATE INDEX "drive_entries_list_time_desc_idx" ON "drive_entries" USING btree ("user_id","parent_id","is_dir","updated_at","name","id") WHERE deleted_at is null;