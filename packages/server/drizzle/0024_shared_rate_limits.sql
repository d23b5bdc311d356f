CREATE TABLE "rate_limit_windows" (
	"limit_name" text NOT NULL,
	"key_hash" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"window_end" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "rate_limit_windows_limit_name_key_hash_pk" PRIMARY KEY("limit_name","key_hash")
);
--> statement-breakpoint
CREATE INDEX "rate_limit_windows_ends" ON "rate_limit_windows" USING btree ("window_end");