ALTER TABLE "probe"."notes" ADD COLUMN "created_at" timestamptz NOT NULL DEFAULT now();
