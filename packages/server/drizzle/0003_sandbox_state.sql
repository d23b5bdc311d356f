CREATE TABLE "sandbox_otp_outbox" (
	"session_id" text PRIMARY KEY NOT NULL,
	"requisite_id" text NOT NULL,
	"contact_type" "contact_type" NOT NULL,
	"masked_contact" text NOT NULL,
	"code" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_payments" (
	"ref" text PRIMARY KEY NOT NULL,
	"transaction_id" text,
	"method_kind" "provider_kind",
	"amount" text,
	"currency" text,
	"pay_group" text,
	"merchant_name" text,
	"return_urls" jsonb,
	"bet_shop" jsonb,
	"reference" text,
	"save_as" text,
	"card_last4" text,
	"card_bin" text,
	"card_exp_month" text,
	"card_exp_year" text,
	"card_holder" text,
	"card_type" text,
	"resolution" text,
	"decline_reason" text,
	"card_token" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_payments_details" CHECK ("sandbox_payments"."transaction_id" is null or ("sandbox_payments"."method_kind" is not null and "sandbox_payments"."amount" is not null and "sandbox_payments"."currency" is not null and "sandbox_payments"."pay_group" is not null and "sandbox_payments"."merchant_name" is not null)),
	CONSTRAINT "sandbox_payments_save_as" CHECK ("sandbox_payments"."save_as" is null or "sandbox_payments"."save_as" in ('approved', 'challenge', 'processing', 'declined')),
	CONSTRAINT "sandbox_payments_resolution" CHECK (("sandbox_payments"."resolution" is null and "sandbox_payments"."decline_reason" is null) or ("sandbox_payments"."resolution" in ('settled', 'cancelled') and "sandbox_payments"."decline_reason" is null) or ("sandbox_payments"."resolution" = 'declined' and "sandbox_payments"."decline_reason" is not null)),
	CONSTRAINT "sandbox_payments_card" CHECK ("sandbox_payments"."card_last4" is null or ("sandbox_payments"."card_last4" ~ '^[0-9]{4}$' and "sandbox_payments"."card_bin" ~ '^[0-9]{6,8}$' and "sandbox_payments"."card_exp_month" ~ '^(0[1-9]|1[0-2])$' and "sandbox_payments"."card_exp_year" ~ '^[0-9]{4}$' and "sandbox_payments"."card_holder" is not null and "sandbox_payments"."card_type" is not null))
);
--> statement-breakpoint
CREATE TABLE "sandbox_tokens" (
	"token" text PRIMARY KEY NOT NULL,
	"behaviour" text NOT NULL,
	"card_last4" text NOT NULL,
	"card_bin" text NOT NULL,
	"card_exp_month" text NOT NULL,
	"card_exp_year" text NOT NULL,
	"card_holder" text NOT NULL,
	"card_type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_tokens_behaviour" CHECK ("sandbox_tokens"."behaviour" in ('approved', 'challenge', 'processing', 'declined')),
	CONSTRAINT "sandbox_tokens_card" CHECK ("sandbox_tokens"."card_last4" ~ '^[0-9]{4}$' and "sandbox_tokens"."card_bin" ~ '^[0-9]{6,8}$' and "sandbox_tokens"."card_exp_month" ~ '^(0[1-9]|1[0-2])$' and "sandbox_tokens"."card_exp_year" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
CREATE TABLE "sandbox_transactions" (
	"transaction_id" text PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_transactions_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"flow" text NOT NULL,
	"amount" text NOT NULL,
	"currency" text NOT NULL,
	"provider_ref" text,
	"outcome" jsonb NOT NULL,
	"calls" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_transactions_flow" CHECK ("sandbox_transactions"."flow" in ('deposit', 'payout')),
	CONSTRAINT "sandbox_transactions_calls" CHECK ("sandbox_transactions"."calls" >= 1)
);
--> statement-breakpoint
ALTER TABLE "sandbox_otp_outbox" ADD CONSTRAINT "sandbox_otp_outbox_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_otp_outbox_expires" ON "sandbox_otp_outbox" USING btree ("expires_at");