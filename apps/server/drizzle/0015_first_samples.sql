CREATE TABLE "first_sample_check_photos" (
	"check_id" bigint NOT NULL,
	"file_id" bigint NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "first_sample_check_photos_check_id_file_id_pk" PRIMARY KEY("check_id","file_id")
);
--> statement-breakpoint
CREATE TABLE "first_sample_checks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "first_sample_checks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"first_sample_id" bigint NOT NULL,
	"sample_check_item_id" bigint NOT NULL,
	"check_result" smallint DEFAULT 0 NOT NULL,
	"remark" text,
	"sort" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "first_samples" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "first_samples_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"sample_no" text NOT NULL,
	"item_no" text NOT NULL,
	"order_product_id" bigint NOT NULL,
	"client_id" bigint NOT NULL,
	"department_id" bigint NOT NULL,
	"round" integer DEFAULT 1 NOT NULL,
	"previous_id" bigint,
	"received_date" date NOT NULL,
	"remark" text,
	"status" smallint DEFAULT 10 NOT NULL,
	"check_result" smallint DEFAULT 0 NOT NULL,
	"checked_by" bigint,
	"checked_at" timestamp with time zone,
	"result" smallint DEFAULT 0 NOT NULL,
	"audited_by" bigint,
	"audited_at" timestamp with time zone,
	"corrective" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"valid" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "first_sample_check_photos" ADD CONSTRAINT "first_sample_check_photos_check_id_first_sample_checks_id_fk" FOREIGN KEY ("check_id") REFERENCES "public"."first_sample_checks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "first_sample_check_photos" ADD CONSTRAINT "first_sample_check_photos_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "first_sample_checks" ADD CONSTRAINT "first_sample_checks_first_sample_id_first_samples_id_fk" FOREIGN KEY ("first_sample_id") REFERENCES "public"."first_samples"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "first_sample_checks" ADD CONSTRAINT "first_sample_checks_sample_check_item_id_sample_check_items_id_fk" FOREIGN KEY ("sample_check_item_id") REFERENCES "public"."sample_check_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "first_samples" ADD CONSTRAINT "first_samples_order_product_id_order_products_id_fk" FOREIGN KEY ("order_product_id") REFERENCES "public"."order_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "first_samples" ADD CONSTRAINT "first_samples_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "first_samples" ADD CONSTRAINT "first_samples_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "first_samples" ADD CONSTRAINT "first_samples_previous_id_first_samples_id_fk" FOREIGN KEY ("previous_id") REFERENCES "public"."first_samples"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "first_samples" ADD CONSTRAINT "first_samples_checked_by_users_id_fk" FOREIGN KEY ("checked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "first_samples" ADD CONSTRAINT "first_samples_audited_by_users_id_fk" FOREIGN KEY ("audited_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "first_sample_check_photos_file_idx" ON "first_sample_check_photos" USING btree ("file_id");--> statement-breakpoint
CREATE UNIQUE INDEX "first_sample_checks_item_uq" ON "first_sample_checks" USING btree ("first_sample_id","sample_check_item_id");--> statement-breakpoint
CREATE INDEX "first_sample_checks_check_item_idx" ON "first_sample_checks" USING btree ("sample_check_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "first_samples_sample_no_uq" ON "first_samples" USING btree ("sample_no");--> statement-breakpoint
CREATE INDEX "first_samples_item_rev_idx" ON "first_samples" USING btree (reverse(lower("item_no")) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "first_samples_sample_no_rev_idx" ON "first_samples" USING btree (reverse(lower("sample_no")) text_pattern_ops);--> statement-breakpoint
CREATE INDEX "first_samples_product_idx" ON "first_samples" USING btree ("order_product_id","id");--> statement-breakpoint
CREATE INDEX "first_samples_client_idx" ON "first_samples" USING btree ("client_id","id");--> statement-breakpoint
CREATE INDEX "first_samples_department_idx" ON "first_samples" USING btree ("department_id","id");--> statement-breakpoint
CREATE INDEX "first_samples_previous_idx" ON "first_samples" USING btree ("previous_id");--> statement-breakpoint
CREATE INDEX "first_samples_status_idx" ON "first_samples" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "first_samples_checked_by_idx" ON "first_samples" USING btree ("checked_by");--> statement-breakpoint
CREATE INDEX "first_samples_audited_by_idx" ON "first_samples" USING btree ("audited_by");--> statement-breakpoint
CREATE INDEX "first_samples_sample_no_sort_idx" ON "first_samples" USING btree ("sample_no","id");--> statement-breakpoint
CREATE INDEX "first_samples_item_sort_idx" ON "first_samples" USING btree (lower("item_no"),"id");--> statement-breakpoint
CREATE INDEX "first_samples_received_sort_idx" ON "first_samples" USING btree ("received_date","id");--> statement-breakpoint
CREATE INDEX "first_samples_audited_sort_idx" ON "first_samples" USING btree ("audited_at","id");