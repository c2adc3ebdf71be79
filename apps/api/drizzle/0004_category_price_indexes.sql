DROP INDEX "courses_created_at_idx";--> statement-breakpoint
DROP INDEX "courses_rating_idx";--> statement-breakpoint
CREATE INDEX "courses_english_price_idx" ON "courses" USING btree ("price","id") WHERE "courses"."category" @> '{"English"}'::text[];--> statement-breakpoint
CREATE INDEX "courses_francais_price_idx" ON "courses" USING btree ("price","id") WHERE "courses"."category" @> '{"Francais"}'::text[];--> statement-breakpoint
CREATE INDEX "courses_art_price_idx" ON "courses" USING btree ("price","id") WHERE "courses"."category" @> '{"Art"}'::text[];--> statement-breakpoint
CREATE INDEX "courses_programming_price_idx" ON "courses" USING btree ("price","id") WHERE "courses"."category" @> '{"Programming"}'::text[];--> statement-breakpoint
CREATE INDEX "courses_cabin_crew_price_idx" ON "courses" USING btree ("price","id") WHERE "courses"."category" @> '{"Cabin Crew"}'::text[];--> statement-breakpoint
CREATE INDEX "courses_soft_skills_price_idx" ON "courses" USING btree ("price","id") WHERE "courses"."category" @> '{"Soft skills"}'::text[];--> statement-breakpoint
CREATE INDEX "courses_other_price_idx" ON "courses" USING btree ("price","id") WHERE "courses"."category" @> '{"other"}'::text[];--> statement-breakpoint
CREATE INDEX "courses_programming_kids_price_idx" ON "courses" USING btree ("price","id") WHERE "courses"."category" @> '{"Programming Kids"}'::text[];--> statement-breakpoint
CREATE INDEX "courses_language_kids_price_idx" ON "courses" USING btree ("price","id") WHERE "courses"."category" @> '{"Language Kids"}'::text[];--> statement-breakpoint
CREATE INDEX "courses_created_at_idx" ON "courses" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"price");--> statement-breakpoint
CREATE INDEX "courses_rating_idx" ON "courses" USING btree ("rating" DESC NULLS LAST,"id" DESC NULLS LAST,"price");