CREATE SCHEMA IF NOT EXISTS "probe";
--> statement-breakpoint
CREATE TABLE "probe"."notes" ("id" serial PRIMARY KEY, "body" text NOT NULL);
