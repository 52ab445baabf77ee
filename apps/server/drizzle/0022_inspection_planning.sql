CREATE TABLE "factory_schedules" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "factory_schedules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"factory_id" bigint NOT NULL,
	"order_product_id" bigint,
	"type" smallint NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"quantity" integer,
	"remark" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"valid" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inspection_applies" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inspection_applies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"apply_no" text NOT NULL,
	"apply_type" smallint DEFAULT 1 NOT NULL,
	"inspection_type_id" bigint NOT NULL,
	"order_id" bigint NOT NULL,
	"factory_id" bigint NOT NULL,
	"client_id" bigint NOT NULL,
	"department_id" bigint NOT NULL,
	"expected_date" date NOT NULL,
	"previous_report_id" bigint,
	"split_from_id" bigint,
	"result" smallint DEFAULT 0 NOT NULL,
	"reason_code" text,
	"reason_text" text,
	"remark" text,
	"submitted_at" timestamp with time zone,
	"status" smallint DEFAULT 10 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"valid" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inspection_apply_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inspection_apply_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"apply_id" bigint NOT NULL,
	"order_product_id" bigint NOT NULL,
	"apply_quantity" integer NOT NULL,
	"inspected_quantity" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"valid" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inspection_plan_assistants" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inspection_plan_assistants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"plan_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"valid" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inspection_plans" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inspection_plans_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"plan_no" text NOT NULL,
	"factory_id" bigint NOT NULL,
	"plan_date" date NOT NULL,
	"end_date" date NOT NULL,
	"lead_inspector_id" bigint NOT NULL,
	"man_days" numeric(4, 1) DEFAULT '1.0' NOT NULL,
	"remark" text,
	"reason_text" text,
	"dispatched_at" timestamp with time zone,
	"status" smallint DEFAULT 10 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"valid" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inspection_task_assistants" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inspection_task_assistants_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"task_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"valid" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inspection_tasks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inspection_tasks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"task_no" text NOT NULL,
	"plan_id" bigint NOT NULL,
	"apply_id" bigint,
	"booking_id" bigint,
	"factory_id" bigint NOT NULL,
	"inspection_type_id" bigint NOT NULL,
	"inspector_id" bigint NOT NULL,
	"task_date" date NOT NULL,
	"report_base_no" text,
	"status" smallint DEFAULT 10 NOT NULL,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"valid" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "factory_schedules" ADD CONSTRAINT "factory_schedules_factory_id_factories_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "factory_schedules" ADD CONSTRAINT "factory_schedules_order_product_id_order_products_id_fk" FOREIGN KEY ("order_product_id") REFERENCES "public"."order_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_applies" ADD CONSTRAINT "inspection_applies_inspection_type_id_inspection_types_id_fk" FOREIGN KEY ("inspection_type_id") REFERENCES "public"."inspection_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_applies" ADD CONSTRAINT "inspection_applies_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_applies" ADD CONSTRAINT "inspection_applies_factory_id_factories_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_applies" ADD CONSTRAINT "inspection_applies_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_applies" ADD CONSTRAINT "inspection_applies_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_applies" ADD CONSTRAINT "inspection_applies_split_from_id_inspection_applies_id_fk" FOREIGN KEY ("split_from_id") REFERENCES "public"."inspection_applies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_apply_items" ADD CONSTRAINT "inspection_apply_items_apply_id_inspection_applies_id_fk" FOREIGN KEY ("apply_id") REFERENCES "public"."inspection_applies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_apply_items" ADD CONSTRAINT "inspection_apply_items_order_product_id_order_products_id_fk" FOREIGN KEY ("order_product_id") REFERENCES "public"."order_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_plan_assistants" ADD CONSTRAINT "inspection_plan_assistants_plan_id_inspection_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."inspection_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_plan_assistants" ADD CONSTRAINT "inspection_plan_assistants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_plans" ADD CONSTRAINT "inspection_plans_factory_id_factories_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_plans" ADD CONSTRAINT "inspection_plans_lead_inspector_id_users_id_fk" FOREIGN KEY ("lead_inspector_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_task_assistants" ADD CONSTRAINT "inspection_task_assistants_task_id_inspection_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."inspection_tasks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_task_assistants" ADD CONSTRAINT "inspection_task_assistants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_tasks" ADD CONSTRAINT "inspection_tasks_plan_id_inspection_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."inspection_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_tasks" ADD CONSTRAINT "inspection_tasks_apply_id_inspection_applies_id_fk" FOREIGN KEY ("apply_id") REFERENCES "public"."inspection_applies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_tasks" ADD CONSTRAINT "inspection_tasks_factory_id_factories_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_tasks" ADD CONSTRAINT "inspection_tasks_inspection_type_id_inspection_types_id_fk" FOREIGN KEY ("inspection_type_id") REFERENCES "public"."inspection_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inspection_tasks" ADD CONSTRAINT "inspection_tasks_inspector_id_users_id_fk" FOREIGN KEY ("inspector_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "factory_schedules_factory_idx" ON "factory_schedules" USING btree ("factory_id","start_date","end_date");--> statement-breakpoint
CREATE INDEX "factory_schedules_start_idx" ON "factory_schedules" USING btree ("start_date","end_date");--> statement-breakpoint
CREATE INDEX "factory_schedules_product_idx" ON "factory_schedules" USING btree ("order_product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_applies_no_uq" ON "inspection_applies" USING btree ("apply_no");--> statement-breakpoint
CREATE INDEX "inspection_applies_order_idx" ON "inspection_applies" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "inspection_applies_factory_idx" ON "inspection_applies" USING btree ("factory_id","expected_date","id");--> statement-breakpoint
CREATE INDEX "inspection_applies_client_idx" ON "inspection_applies" USING btree ("client_id","id");--> statement-breakpoint
CREATE INDEX "inspection_applies_department_idx" ON "inspection_applies" USING btree ("department_id","id");--> statement-breakpoint
CREATE INDEX "inspection_applies_type_idx" ON "inspection_applies" USING btree ("inspection_type_id");--> statement-breakpoint
CREATE INDEX "inspection_applies_status_idx" ON "inspection_applies" USING btree ("status","expected_date","id");--> statement-breakpoint
CREATE INDEX "inspection_applies_previous_report_idx" ON "inspection_applies" USING btree ("previous_report_id");--> statement-breakpoint
CREATE INDEX "inspection_applies_split_from_idx" ON "inspection_applies" USING btree ("split_from_id");--> statement-breakpoint
CREATE INDEX "inspection_applies_expected_sort_idx" ON "inspection_applies" USING btree ("expected_date","id");--> statement-breakpoint
CREATE INDEX "inspection_applies_no_sort_idx" ON "inspection_applies" USING btree ("apply_no","id");--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_apply_items_uq" ON "inspection_apply_items" USING btree ("apply_id","order_product_id") WHERE valid = 1;--> statement-breakpoint
CREATE INDEX "inspection_apply_items_product_idx" ON "inspection_apply_items" USING btree ("order_product_id","apply_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_plan_assistants_uq" ON "inspection_plan_assistants" USING btree ("plan_id","user_id") WHERE valid = 1;--> statement-breakpoint
CREATE INDEX "inspection_plan_assistants_user_idx" ON "inspection_plan_assistants" USING btree ("user_id","plan_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_plans_no_uq" ON "inspection_plans" USING btree ("plan_no");--> statement-breakpoint
CREATE INDEX "inspection_plans_factory_idx" ON "inspection_plans" USING btree ("factory_id","plan_date");--> statement-breakpoint
CREATE INDEX "inspection_plans_lead_idx" ON "inspection_plans" USING btree ("lead_inspector_id","plan_date","end_date");--> statement-breakpoint
CREATE INDEX "inspection_plans_status_idx" ON "inspection_plans" USING btree ("status","plan_date","id");--> statement-breakpoint
CREATE INDEX "inspection_plans_date_sort_idx" ON "inspection_plans" USING btree ("plan_date","id");--> statement-breakpoint
CREATE INDEX "inspection_plans_no_sort_idx" ON "inspection_plans" USING btree ("plan_no","id");--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_task_assistants_uq" ON "inspection_task_assistants" USING btree ("task_id","user_id") WHERE valid = 1;--> statement-breakpoint
CREATE INDEX "inspection_task_assistants_user_idx" ON "inspection_task_assistants" USING btree ("user_id","task_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inspection_tasks_no_uq" ON "inspection_tasks" USING btree ("task_no");--> statement-breakpoint
CREATE INDEX "inspection_tasks_plan_idx" ON "inspection_tasks" USING btree ("plan_id");--> statement-breakpoint
CREATE INDEX "inspection_tasks_apply_idx" ON "inspection_tasks" USING btree ("apply_id");--> statement-breakpoint
CREATE INDEX "inspection_tasks_booking_idx" ON "inspection_tasks" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "inspection_tasks_factory_idx" ON "inspection_tasks" USING btree ("factory_id","task_date");--> statement-breakpoint
CREATE INDEX "inspection_tasks_type_idx" ON "inspection_tasks" USING btree ("inspection_type_id");--> statement-breakpoint
CREATE INDEX "inspection_tasks_inspector_idx" ON "inspection_tasks" USING btree ("inspector_id","task_date");--> statement-breakpoint
CREATE INDEX "inspection_tasks_date_sort_idx" ON "inspection_tasks" USING btree ("task_date","id");