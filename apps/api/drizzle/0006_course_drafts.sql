DROP INDEX "courses_english_price_idx";--> statement-breakpoint
DROP INDEX "courses_francais_price_idx";--> statement-breakpoint
DROP INDEX "courses_art_price_idx";--> statement-breakpoint
DROP INDEX "courses_programming_price_idx";--> statement-breakpoint
DROP INDEX "courses_cabin_crew_price_idx";--> statement-breakpoint
DROP INDEX "courses_soft_skills_price_idx";--> statement-breakpoint
DROP INDEX "courses_other_price_idx";--> statement-breakpoint
DROP INDEX "courses_programming_kids_price_idx";--> statement-breakpoint
DROP INDEX "courses_language_kids_price_idx";--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "is_draft" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "courses_english_price_idx" ON "courses" USING btree ("price","id") WHERE "courses"."category" @> '{"English"}'::text[] and not "courses"."is_draft";--> statement-breakpoint
CREATE INDEX "courses_francais_price_idx" ON "courses" USING btree ("price","id") WHERE "courses"."category" @> '{"Francais"}'::text[] and not "courses"."is_draft";--> statement-breakpoint
CREATE INDEX "courses_art_price_idx" ON "courses" USING btree ("price","id") WHERE "courses"."category" @> '{"Art"}'::text[] and not "courses"."is_draft";--> statement-breakpoint
CREATE INDEX "courses_programming_price_idx" ON "courses" USING btree ("price","id") WHERE "courses"."category" @> '{"Programming"}'::text[] and not "courses"."is_draft";--> statement-breakpoint
CREATE INDEX "courses_cabin_crew_price_idx" ON "courses" USING btree ("price","id") WHERE "courses"."category" @> '{"Cabin Crew"}'::text[] and not "courses"."is_draft";--> statement-breakpoint
CREATE INDEX "courses_soft_skills_price_idx" ON "courses" USING btree ("price","id") WHERE "courses"."category" @> '{"Soft skills"}'::text[] and not "courses"."is_draft";--> statement-breakpoint
CREATE INDEX "courses_other_price_idx" ON "courses" USING btree ("price","id") WHERE "courses"."category" @> '{"other"}'::text[] and not "courses"."is_draft";--> statement-breakpoint
CREATE INDEX "courses_programming_kids_price_idx" ON "courses" USING btree ("price","id") WHERE "courses"."category" @> '{"Programming Kids"}'::text[] and not "courses"."is_draft";--> statement-breakpoint
CREATE INDEX "courses_language_kids_price_idx" ON "courses" USING btree ("price","id") WHERE "courses"."category" @> '{"Language Kids"}'::text[] and not "courses"."is_draft";