ALTER TABLE "sample_check_items" ADD COLUMN "method_en" text;--> statement-breakpoint
ALTER TABLE "sample_check_items" ADD COLUMN "criterion_en" text;
--> statement-breakpoint
UPDATE "sample_check_items" SET "method_en" = 'Compared with the approved sample, by eye in daylight' WHERE "code" = 'SC-APPEARANCE' AND "method" = '与确认样对比，自然光下目视' AND "method_en" IS NULL;
--> statement-breakpoint
UPDATE "sample_check_items" SET "criterion_en" = 'No visible appearance defects' WHERE "code" = 'SC-APPEARANCE' AND "criterion" = '无明显外观缺陷' AND "criterion_en" IS NULL;
--> statement-breakpoint
UPDATE "sample_check_items" SET "method_en" = 'Compared with the colour card under a D65 light source' WHERE "code" = 'SC-COLOUR' AND "method" = '标准光源D65下与色卡对比' AND "method_en" IS NULL;
--> statement-breakpoint
UPDATE "sample_check_items" SET "criterion_en" = 'Matches the approved colour' WHERE "code" = 'SC-COLOUR' AND "criterion" = '与确认色一致' AND "criterion_en" IS NULL;
--> statement-breakpoint
UPDATE "sample_check_items" SET "method_en" = 'Key dimensions measured against the drawing' WHERE "code" = 'SC-DIMENSION' AND "method" = '按图纸测量关键尺寸' AND "method_en" IS NULL;
--> statement-breakpoint
UPDATE "sample_check_items" SET "criterion_en" = 'Within tolerance' WHERE "code" = 'SC-DIMENSION' AND "criterion" = '在允差范围内' AND "criterion_en" IS NULL;
--> statement-breakpoint
UPDATE "sample_check_items" SET "method_en" = 'Operated as the instructions say' WHERE "code" = 'SC-FUNCTION' AND "method" = '按说明书操作' AND "method_en" IS NULL;
--> statement-breakpoint
UPDATE "sample_check_items" SET "criterion_en" = 'Every function works' WHERE "code" = 'SC-FUNCTION' AND "criterion" = '全部功能正常' AND "criterion_en" IS NULL;
--> statement-breakpoint
UPDATE "sample_check_items" SET "method_en" = 'Assembled as the assembly drawing shows' WHERE "code" = 'SC-ASSEMBLY' AND "method" = '按装配图组装' AND "method_en" IS NULL;
--> statement-breakpoint
UPDATE "sample_check_items" SET "criterion_en" = 'Assembles smoothly and holds firmly' WHERE "code" = 'SC-ASSEMBLY' AND "criterion" = '装配顺畅、牢固' AND "criterion_en" IS NULL;
--> statement-breakpoint
UPDATE "sample_check_items" SET "method_en" = 'Warnings and CE/UKCA marks checked' WHERE "code" = 'SC-LABEL' AND "method" = '核对警告语及CE/UKCA标识' AND "method_en" IS NULL;
--> statement-breakpoint
UPDATE "sample_check_items" SET "criterion_en" = 'Matches the client''s documents' WHERE "code" = 'SC-LABEL' AND "criterion" = '内容与客户资料一致' AND "criterion_en" IS NULL;
--> statement-breakpoint
UPDATE "sample_check_items" SET "method_en" = 'Colour box, carton and shipping marks checked' WHERE "code" = 'SC-PACKAGING' AND "method" = '核对彩盒、外箱及唛头' AND "method_en" IS NULL;
--> statement-breakpoint
UPDATE "sample_check_items" SET "criterion_en" = 'Matches the packaging documents' WHERE "code" = 'SC-PACKAGING' AND "criterion" = '与包装资料一致' AND "criterion_en" IS NULL;
