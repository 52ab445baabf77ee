ALTER TABLE "jobs" ADD COLUMN "requested_by" bigint;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "progress" integer;