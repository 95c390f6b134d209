CREATE TABLE "billing"."sandbox_credit_entries" (
	"customer_id" varchar(64) NOT NULL,
	"key" varchar(160) NOT NULL,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_credit_entries_customer_id_key_pk" PRIMARY KEY("customer_id","key")
);
--> statement-breakpoint
ALTER TABLE "billing"."sandbox_customers" ADD COLUMN "credit_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "billing"."sandbox_subscriptions" ADD COLUMN "credit_to_carry_cents" integer DEFAULT 0 NOT NULL;