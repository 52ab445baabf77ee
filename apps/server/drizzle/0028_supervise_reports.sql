CREATE TABLE "supervise_report_checkpoints" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "supervise_report_checkpoints_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"report_id" bigint NOT NULL,
	"supervise_checkpoint_id" bigint NOT NULL,
	"result" smallint DEFAULT 0 NOT NULL,
	"remark" text,
	"photo_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"valid" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supervise_report_products" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "supervise_report_products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"report_id" bigint NOT NULL,
	"order_product_id" bigint NOT NULL,
	"planned_cartons" integer,
	"loaded_cartons" integer,
	"loaded_quantity" integer,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"valid" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supervise_reports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "supervise_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"report_no" text NOT NULL,
	"shipping_id" bigint,
	"booking_id" bigint,
	"plan_id" bigint,
	"client_id" bigint NOT NULL,
	"department_id" bigint NOT NULL,
	"factory_id" bigint NOT NULL,
	"loading_date" date NOT NULL,
	"inspector_id" bigint NOT NULL,
	"assistant_ids" bigint[] DEFAULT '{}' NOT NULL,
	"container_type" text,
	"container_no" text,
	"seal_no" text,
	"arrival_time" timestamp with time zone,
	"start_time" timestamp with time zone,
	"finish_time" timestamp with time zone,
	"remark" text,
	"result" smallint DEFAULT 0 NOT NULL,
	"score" integer,
	"assist_score" integer,
	"reason_text" text,
	"submitted_at" timestamp with time zone,
	"approved_by" bigint,
	"approved_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"checked_out_by" bigint,
	"checked_out_at" timestamp with time zone,
	"checkout_expires_at" timestamp with time zone,
	"status" smallint DEFAULT 10 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"valid" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "supervise_report_checkpoints" ADD CONSTRAINT "supervise_report_checkpoints_report_id_supervise_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."supervise_reports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supervise_report_checkpoints" ADD CONSTRAINT "supervise_report_checkpoints_supervise_checkpoint_id_supervise_checkpoints_id_fk" FOREIGN KEY ("supervise_checkpoint_id") REFERENCES "public"."supervise_checkpoints"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supervise_report_products" ADD CONSTRAINT "supervise_report_products_report_id_supervise_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."supervise_reports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supervise_report_products" ADD CONSTRAINT "supervise_report_products_order_product_id_order_products_id_fk" FOREIGN KEY ("order_product_id") REFERENCES "public"."order_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supervise_reports" ADD CONSTRAINT "supervise_reports_shipping_id_shippings_id_fk" FOREIGN KEY ("shipping_id") REFERENCES "public"."shippings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supervise_reports" ADD CONSTRAINT "supervise_reports_booking_id_inspection_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."inspection_bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supervise_reports" ADD CONSTRAINT "supervise_reports_plan_id_inspection_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."inspection_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supervise_reports" ADD CONSTRAINT "supervise_reports_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supervise_reports" ADD CONSTRAINT "supervise_reports_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supervise_reports" ADD CONSTRAINT "supervise_reports_factory_id_factories_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supervise_reports" ADD CONSTRAINT "supervise_reports_inspector_id_users_id_fk" FOREIGN KEY ("inspector_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supervise_reports" ADD CONSTRAINT "supervise_reports_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supervise_reports" ADD CONSTRAINT "supervise_reports_checked_out_by_users_id_fk" FOREIGN KEY ("checked_out_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "supervise_report_checkpoints_report_idx" ON "supervise_report_checkpoints" USING btree ("report_id","sort") WHERE valid = 1;--> statement-breakpoint
CREATE INDEX "supervise_report_checkpoints_checkpoint_idx" ON "supervise_report_checkpoints" USING btree ("supervise_checkpoint_id");--> statement-breakpoint
CREATE INDEX "supervise_report_products_report_idx" ON "supervise_report_products" USING btree ("report_id","sort") WHERE valid = 1;--> statement-breakpoint
CREATE INDEX "supervise_report_products_product_idx" ON "supervise_report_products" USING btree ("order_product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "supervise_reports_no_uq" ON "supervise_reports" USING btree ("report_no");--> statement-breakpoint
CREATE UNIQUE INDEX "supervise_reports_live_container_uq" ON "supervise_reports" USING btree ("shipping_id","container_no") WHERE status <> 90 and valid = 1 and shipping_id is not null and container_no is not null;--> statement-breakpoint
CREATE INDEX "supervise_reports_shipping_idx" ON "supervise_reports" USING btree ("shipping_id");--> statement-breakpoint
CREATE INDEX "supervise_reports_booking_idx" ON "supervise_reports" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "supervise_reports_plan_idx" ON "supervise_reports" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "supervise_reports_client_idx" ON "supervise_reports" USING btree ("client_id","id");--> statement-breakpoint
CREATE INDEX "supervise_reports_department_idx" ON "supervise_reports" USING btree ("department_id","id");--> statement-breakpoint
CREATE INDEX "supervise_reports_factory_idx" ON "supervise_reports" USING btree ("factory_id","loading_date");--> statement-breakpoint
CREATE INDEX "supervise_reports_inspector_idx" ON "supervise_reports" USING btree ("inspector_id");--> statement-breakpoint
CREATE INDEX "supervise_reports_approved_by_idx" ON "supervise_reports" USING btree ("approved_by");--> statement-breakpoint
CREATE INDEX "supervise_reports_checked_out_idx" ON "supervise_reports" USING btree ("checked_out_by");--> statement-breakpoint
CREATE INDEX "supervise_reports_status_idx" ON "supervise_reports" USING btree ("status","loading_date","id");--> statement-breakpoint
CREATE INDEX "supervise_reports_date_sort_idx" ON "supervise_reports" USING btree ("loading_date","id");--> statement-breakpoint
CREATE INDEX "supervise_reports_no_sort_idx" ON "supervise_reports" USING btree ("report_no","id");