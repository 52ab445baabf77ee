CREATE TABLE "inspection_booking_products" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inspection_booking_products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"booking_id" bigint NOT NULL,
	"order_product_id" bigint,
	"product_no" text,
	"item_no" text,
	"name" text,
	"quantity" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"valid" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inspection_bookings" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inspection_bookings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"booking_no" text NOT NULL,
	"booking_type_id" bigint NOT NULL,
	"inspection_type_id" bigint NOT NULL,
	"client_id" bigint NOT NULL,
	"department_id" bigint NOT NULL,
	"factory_id" bigint NOT NULL,
	"outsource_factory_id" bigint,
	"inspection_date" date NOT NULL,
	"extra" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"contact_name" text NOT NULL,
	"contact_phone" text NOT NULL,
	"remark" text,
	"urgent" boolean DEFAULT false NOT NULL,
	"urgent_requested" boolean DEFAULT false NOT NULL,
	"urgent_reason" text,
	"assigned_inspector_id" bigint,
	"assigned_date" date,
	"plan_id" bigint,
	"late_cancel" boolean DEFAULT false NOT NULL,
	"reason_text" text,
	"submitted_at" timestamp with time zone,
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
ALTER TABLE "inspection_booking_products" ADD CONSTRAINT "inspection_booking_products_booking_id_inspection_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."inspection_bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_booking_products" ADD CONSTRAINT "inspection_booking_products_order_product_id_order_products_id_fk" FOREIGN KEY ("order_product_id") REFERENCES "public"."order_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_bookings" ADD CONSTRAINT "inspection_bookings_booking_type_id_booking_types_id_fk" FOREIGN KEY ("booking_type_id") REFERENCES "public"."booking_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_bookings" ADD CONSTRAINT "inspection_bookings_inspection_type_id_inspection_types_id_fk" FOREIGN KEY ("inspection_type_id") REFERENCES "public"."inspection_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_bookings" ADD CONSTRAINT "inspection_bookings_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_bookings" ADD CONSTRAINT "inspection_bookings_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_bookings" ADD CONSTRAINT "inspection_bookings_factory_id_factories_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_bookings" ADD CONSTRAINT "inspection_bookings_outsource_factory_id_outsource_factories_id_fk" FOREIGN KEY ("outsource_factory_id") REFERENCES "public"."outsource_factories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_bookings" ADD CONSTRAINT "inspection_bookings_assigned_inspector_id_users_id_fk" FOREIGN KEY ("assigned_inspector_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_bookings" ADD CONSTRAINT "inspection_bookings_plan_id_inspection_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."inspection_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_bookings" ADD CONSTRAINT "inspection_bookings_checked_out_by_users_id_fk" FOREIGN KEY ("checked_out_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inspection_booking_products_booking_idx" ON "inspection_booking_products" USING btree ("booking_id","sort") WHERE valid = 1;--> statement-breakpoint
CREATE INDEX "inspection_booking_products_product_idx" ON "inspection_booking_products" USING btree ("order_product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_bookings_no_uq" ON "inspection_bookings" USING btree ("booking_no");--> statement-breakpoint
CREATE INDEX "inspection_bookings_client_idx" ON "inspection_bookings" USING btree ("client_id","id");--> statement-breakpoint
CREATE INDEX "inspection_bookings_department_idx" ON "inspection_bookings" USING btree ("department_id","id");--> statement-breakpoint
CREATE INDEX "inspection_bookings_factory_idx" ON "inspection_bookings" USING btree ("factory_id","inspection_date");--> statement-breakpoint
CREATE INDEX "inspection_bookings_type_idx" ON "inspection_bookings" USING btree ("booking_type_id");--> statement-breakpoint
CREATE INDEX "inspection_bookings_inspection_type_idx" ON "inspection_bookings" USING btree ("inspection_type_id");--> statement-breakpoint
CREATE INDEX "inspection_bookings_outsource_idx" ON "inspection_bookings" USING btree ("outsource_factory_id");--> statement-breakpoint
CREATE INDEX "inspection_bookings_inspector_idx" ON "inspection_bookings" USING btree ("assigned_inspector_id");--> statement-breakpoint
CREATE INDEX "inspection_bookings_plan_idx" ON "inspection_bookings" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "inspection_bookings_checked_out_idx" ON "inspection_bookings" USING btree ("checked_out_by");--> statement-breakpoint
CREATE INDEX "inspection_bookings_status_idx" ON "inspection_bookings" USING btree ("status","inspection_date","id");--> statement-breakpoint
CREATE INDEX "inspection_bookings_creator_idx" ON "inspection_bookings" USING btree ("created_by","status");--> statement-breakpoint
CREATE INDEX "inspection_bookings_date_sort_idx" ON "inspection_bookings" USING btree ("inspection_date","id");--> statement-breakpoint
CREATE INDEX "inspection_bookings_no_sort_idx" ON "inspection_bookings" USING btree ("booking_no","id");--> statement-breakpoint
ALTER TABLE "inspection_tasks" ADD CONSTRAINT "inspection_tasks_booking_id_inspection_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."inspection_bookings"("id") ON DELETE no action ON UPDATE no action;