ALTER TABLE "inspection_tests" ADD COLUMN "method_en" text;--> statement-breakpoint
ALTER TABLE "inspection_tests" ADD COLUMN "criterion_en" text;
--> statement-breakpoint
UPDATE "inspection_tests" SET "method_en" = 'ISTA 1A: 1 corner, 3 edges, 6 faces; drop height by gross weight' WHERE "code" = 'IT-DROP' AND "method" = 'ISTA 1A：1角3棱6面，跌落高度按毛重确定' AND "method_en" IS NULL;
--> statement-breakpoint
UPDATE "inspection_tests" SET "criterion_en" = 'No damage to the product; it works normally' WHERE "code" = 'IT-DROP' AND "criterion" = '产品无损坏、功能正常' AND "criterion_en" IS NULL;
--> statement-breakpoint
UPDATE "inspection_tests" SET "method_en" = 'EN 71-1 8.4.2.1: the force of the tension level, held for 10 seconds' WHERE "code" = 'IT-TENSION' AND "method" = 'EN 71-1 8.4.2.1，按拉力等级施力并保持10秒' AND "method_en" IS NULL;
--> statement-breakpoint
UPDATE "inspection_tests" SET "criterion_en" = 'No part comes off; no sharp edge or point exposed' WHERE "code" = 'IT-TENSION' AND "criterion" = '部件不脱落，无锐边尖端露出' AND "criterion_en" IS NULL;
--> statement-breakpoint
UPDATE "inspection_tests" SET "method_en" = 'EN 71-1 8.4.2.2: turned 180° clockwise and anticlockwise' WHERE "code" = 'IT-TORQUE' AND "method" = 'EN 71-1 8.4.2.2，顺时针及逆时针各转180°' AND "method_en" IS NULL;
--> statement-breakpoint
UPDATE "inspection_tests" SET "criterion_en" = 'No part comes off' WHERE "code" = 'IT-TORQUE' AND "criterion" = '部件不脱落' AND "criterion_en" IS NULL;
--> statement-breakpoint
UPDATE "inspection_tests" SET "method_en" = 'A 70 N pull on the seam with clamps for 10 seconds' WHERE "code" = 'IT-SEAM' AND "method" = '用夹具对缝线施加70N拉力10秒' AND "method_en" IS NULL;
--> statement-breakpoint
UPDATE "inspection_tests" SET "criterion_en" = 'The seam does not open; no filling exposed' WHERE "code" = 'IT-SEAM' AND "criterion" = '缝线不开裂，填充物不外露' AND "criterion_en" IS NULL;
--> statement-breakpoint
UPDATE "inspection_tests" SET "method_en" = 'Every function operated as the instructions say' WHERE "code" = 'IT-FUNC' AND "method" = '按说明书操作全部功能' AND "method_en" IS NULL;
--> statement-breakpoint
UPDATE "inspection_tests" SET "criterion_en" = 'Works normally' WHERE "code" = 'IT-FUNC' AND "criterion" = '功能正常' AND "criterion_en" IS NULL;
--> statement-breakpoint
UPDATE "inspection_tests" SET "method_en" = 'Barcodes of the retail packaging and the carton scanned' WHERE "code" = 'IT-BARCODE' AND "method" = '扫描零售包装及外箱条码' AND "method_en" IS NULL;
--> statement-breakpoint
UPDATE "inspection_tests" SET "criterion_en" = 'Readable and matching the documents' WHERE "code" = 'IT-BARCODE' AND "criterion" = '可读且与资料一致' AND "criterion_en" IS NULL;
--> statement-breakpoint
UPDATE "inspection_tests" SET "method_en" = 'Wood or paper products measured with a moisture meter' WHERE "code" = 'IT-MOISTURE' AND "method" = '木制或纸制品用含水率仪测量' AND "method_en" IS NULL;
--> statement-breakpoint
UPDATE "inspection_tests" SET "criterion_en" = '≤ 12%' WHERE "code" = 'IT-MOISTURE' AND "criterion" = '≤ 12%' AND "criterion_en" IS NULL;
--> statement-breakpoint
UPDATE "inspection_tests" SET "method_en" = 'Rubbed 10 times with a dry white cloth' WHERE "code" = 'IT-RUB' AND "method" = '白布干擦10次' AND "method_en" IS NULL;
--> statement-breakpoint
UPDATE "inspection_tests" SET "criterion_en" = 'No visible colour loss' WHERE "code" = 'IT-RUB' AND "criterion" = '无明显掉色' AND "criterion_en" IS NULL;
