CREATE TABLE "billing"."customers" (
	"user_id" uuid NOT NULL,
	"provider" varchar(20) NOT NULL,
	"provider_customer_id" varchar(255) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_user_id_provider_pk" PRIMARY KEY("user_id","provider")
);
--> statement-breakpoint
CREATE TABLE "billing"."sandbox_customers" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"email" varchar(255) NOT NULL,
	"name" varchar(255) NOT NULL,
	"default_payment_method_id" varchar(64),
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing"."sandbox_invoices" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"subscription_id" varchar(64) NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" varchar(20) NOT NULL,
	"payment_intent_id" varchar(64) NOT NULL,
	"payment_client_secret" varchar(128) NOT NULL,
	"payment_status" varchar(40) NOT NULL,
	"attempt_count" integer DEFAULT 0 NOT NULL,
	"last_error" varchar(255),
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_invoices_payment_intent_id_unique" UNIQUE("payment_intent_id"),
	CONSTRAINT "sandbox_invoices_payment_client_secret_unique" UNIQUE("payment_client_secret")
);
--> statement-breakpoint
CREATE TABLE "billing"."sandbox_payment_methods" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"customer_id" varchar(64) NOT NULL,
	"brand" varchar(20) NOT NULL,
	"last4" varchar(4) NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"charge_outcome" varchar(20) NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing"."sandbox_setup_intents" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"client_secret" varchar(128) NOT NULL,
	"customer_id" varchar(64) NOT NULL,
	"status" varchar(40) NOT NULL,
	"payment_method_id" varchar(64),
	"last_error" varchar(255),
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_setup_intents_client_secret_unique" UNIQUE("client_secret")
);
--> statement-breakpoint
CREATE TABLE "billing"."sandbox_subscriptions" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"customer_id" varchar(64) NOT NULL,
	"plan" varchar(20) NOT NULL,
	"is_annual" boolean NOT NULL,
	"status" varchar(40) NOT NULL,
	"default_payment_method_id" varchar(64),
	"current_period_start" timestamp with time zone,
	"current_period_end" timestamp with time zone,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"promo_code" varchar(40),
	"discounted_periods_left" integer DEFAULT 0 NOT NULL,
	"past_due_since" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing"."signups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"setup_intent_id" varchar(255) NOT NULL,
	"user_id" uuid NOT NULL,
	"email" varchar(255) NOT NULL,
	"provider" varchar(20) NOT NULL,
	"provider_customer_id" varchar(255) NOT NULL,
	"status" varchar(20) NOT NULL,
	"provider_subscription_id" varchar(255),
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signups_setup_intent_id_unique" UNIQUE("setup_intent_id")
);
--> statement-breakpoint
ALTER TABLE "billing"."subscriptions" ADD COLUMN "promo_code" varchar(40);--> statement-breakpoint
ALTER TABLE "billing"."subscriptions" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "sandbox_invoices_subscription_idx" ON "billing"."sandbox_invoices" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "signups_email_idx" ON "billing"."signups" USING btree ("email","status");--> statement-breakpoint
CREATE INDEX "signups_status_created_idx" ON "billing"."signups" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "subscriptions_user_idx" ON "billing"."subscriptions" USING btree ("user_id","status");