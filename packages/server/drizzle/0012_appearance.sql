CREATE TABLE "brand_default_themes" (
	"brand_id" text PRIMARY KEY NOT NULL,
	"theme" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brand_texts" (
	"brand_id" text NOT NULL,
	"language" text NOT NULL,
	"texts" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brand_texts_pk" PRIMARY KEY("brand_id","language")
);
--> statement-breakpoint
CREATE TABLE "brand_themes" (
	"brand_id" text NOT NULL,
	"name" text NOT NULL,
	"properties" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"fonts" text,
	"logo_media_type" text,
	"logo_base64" text,
	"logo_sha256" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brand_themes_pk" PRIMARY KEY("brand_id","name"),
	CONSTRAINT "brand_themes_name_format" CHECK ("brand_themes"."name" ~ '^[a-z0-9_-]{1,32}$')
);
--> statement-breakpoint
ALTER TABLE "brand_default_themes" ADD CONSTRAINT "brand_default_themes_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_texts" ADD CONSTRAINT "brand_texts_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_themes" ADD CONSTRAINT "brand_themes_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "brand_themes_logo" ON "brand_themes" USING btree ("logo_sha256");