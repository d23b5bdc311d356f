-- Issue 15: every operator call is audited. A read (kind read) records who read which address and
-- when; a change (kind change, every row so far) keeps its before and after.
ALTER TABLE "operator_audit_log" ADD COLUMN "kind" text DEFAULT 'change' NOT NULL;--> statement-breakpoint
CREATE INDEX "operator_audit_log_brand_kind_seq" ON "operator_audit_log" USING btree ("brand_id","kind","seq");--> statement-breakpoint
ALTER TABLE "operator_audit_log" ADD CONSTRAINT "operator_audit_log_kind" CHECK ("operator_audit_log"."kind" in ('change', 'read'));