CREATE TABLE "order_risk_items" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_risk_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_risk_id" bigint NOT NULL,
	"test_item_id" bigint NOT NULL,
	"material_id" bigint,
	"part_id" bigint,
	"risk_id" bigint,
	"result" smallint DEFAULT 0 NOT NULL,
	"test_report_id" bigint,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"valid" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_risks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_risks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" bigint NOT NULL,
	"order_product_id" bigint NOT NULL,
	"by_create" boolean DEFAULT false NOT NULL,
	"result" smallint DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 10 NOT NULL,
	"waive_reason" text,
	"created_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"valid" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_risk_items" ADD CONSTRAINT "order_risk_items_order_risk_id_order_risks_id_fk" FOREIGN KEY ("order_risk_id") REFERENCES "public"."order_risks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_risk_items" ADD CONSTRAINT "order_risk_items_test_item_id_test_items_id_fk" FOREIGN KEY ("test_item_id") REFERENCES "public"."test_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_risk_items" ADD CONSTRAINT "order_risk_items_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_risk_items" ADD CONSTRAINT "order_risk_items_part_id_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."parts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_risk_items" ADD CONSTRAINT "order_risk_items_risk_id_risks_id_fk" FOREIGN KEY ("risk_id") REFERENCES "public"."risks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_risk_items_uq" ON "order_risk_items" USING btree ("order_risk_id","test_item_id") WHERE valid = 1;--> statement-breakpoint
CREATE INDEX "order_risk_items_test_item_idx" ON "order_risk_items" USING btree ("test_item_id");--> statement-breakpoint
CREATE INDEX "order_risk_items_material_idx" ON "order_risk_items" USING btree ("material_id");--> statement-breakpoint
CREATE INDEX "order_risk_items_part_idx" ON "order_risk_items" USING btree ("part_id");--> statement-breakpoint
CREATE INDEX "order_risk_items_risk_idx" ON "order_risk_items" USING btree ("risk_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_risks_product_uq" ON "order_risks" USING btree ("order_product_id") WHERE valid = 1;--> statement-breakpoint
CREATE INDEX "order_risks_order_idx" ON "order_risks" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_risks_status_idx" ON "order_risks" USING btree ("status","id");