import { enumLabel } from '@qcdesk/contract/enumerations';
import { both, type MadePdf, type PdfPhoto, PdfReport } from '../../platform/pdf/pdf-document';
import {
  enumBoth as en,
  numOrDash as num,
  personName as person,
  refName as ref,
} from '../../platform/pdf/pdf-texts';
import type { reportDetail } from './inspection-report-detail.service';
import {
  PDF_LABELS as L,
  SEVERITY_LABELS,
  SEVERITY_REASONS,
  VERDICT_COLOURS,
} from './inspection-report-pdf.texts';

// The inspection report as the client reads it (issue 28), composed of the PDF engine's blocks:
// the cover (client, factory, order, products, the verdict in large type), the sampling plan with
// the severity that applied and why, every findings section, the photos, and the sign-off (the
// factory's, the inspector's and the approvers', each with a signature image or the typed name).
// Pure: the data and the images come in, the bytes go out.

export type ReportDetail = Awaited<ReturnType<typeof reportDetail>>;

export interface ReportPdfInput {
  detail: ReportDetail;
  /** Why the severity applied (a SwitchingReason). */
  severityReason: string;
  /** General photos, then each defect's, from the print-size copies. */
  photos: PdfPhoto[];
  signatures: {
    factory: Buffer | null;
    inspector: Buffer | null;
    l1: Buffer | null;
    l2: Buffer | null;
  };
  /** Business date-time of making, `yyyy-MM-dd HH:mm`. */
  madeAt: string;
  /** Formats an instant in business time. */
  time: (at: Date) => string;
  /** A watermark for the preview. */
  watermark?: string | undefined;
}

function cover(pdf: PdfReport, d: ReportDetail): void {
  pdf.title(d.interim ? L.interimTitle : L.title, d.reportNo);
  const result = d.result || d.preResult || 0;
  pdf.grid([
    { label: L.reportNo, value: d.reportNo },
    { label: L.revision, value: String(d.revision) },
    { label: L.client, value: `${d.client.code} ${d.client.name}` },
    { label: L.factory, value: ref(d.factory) },
    { label: L.order, value: d.order.orderNo },
    { label: L.inspectionType, value: ref(d.inspectionType) },
    { label: L.inspectionDate, value: d.inspectionDate },
    { label: L.lot, value: String(d.quantity) },
    { label: L.inspector, value: person(d.inspector) },
    { label: L.assistants, value: d.assistants.map(person).join(', ') || '—' },
  ]);
  pdf.verdict(L.verdict, en('InspectionResult', result), VERDICT_COLOURS[result] ?? '#1f2328');
  pdf.grid([{ label: L.resultRemark, value: d.resultRemark ?? '—' }], 1);
  pdf.heading(L.products);
  pdf.table(
    [
      { label: L.productNo, width: 2.4 },
      { label: L.itemNo, width: 2.2 },
      { label: L.productName, width: 2.6 },
      { label: L.applyQuantity, width: 1.2, align: 'right' },
      { label: L.presentedQuantity, width: 1.2, align: 'right' },
      { label: L.packedQuantity, width: 1.2, align: 'right' },
      { label: L.result, width: 1.8 },
    ],
    d.products.map((p) => [
      p.productNo,
      p.itemNo,
      p.name,
      String(p.applyQuantity),
      String(p.presentedQuantity),
      String(p.packedQuantity),
      both(en('InspectionResult', p.result || result)),
    ]),
  );
}

function sampling(pdf: PdfReport, d: ReportDetail, input: ReportPdfInput): void {
  const plan = d.sampling.plan;
  pdf.heading(L.sampling);
  const severity = plan?.severity ?? 'normal';
  pdf.grid([
    { label: L.samplingLevel, value: d.sampling.level },
    { label: L.letter, value: plan?.letter ?? '—' },
    { label: L.severity, value: both(SEVERITY_LABELS[severity] ?? { zh: severity, en: severity }) },
    { label: L.sampleSize, value: String(d.sampleSize) },
    {
      label: L.severityWhy,
      value: both(
        SEVERITY_REASONS[input.severityReason] ?? { zh: input.severityReason, en: input.severityReason },
        ' / ',
      ),
    },
    { label: L.override, value: d.sampling.override?.reason ?? '—' },
  ]);
  if (!plan) return;
  const row = (cls: 1 | 2 | 3, aql: string, p: { n: number; ac: number; re: number }, found: number) => [
    both(en('DefectClass', cls)),
    aql,
    String(p.n),
    String(p.ac),
    String(p.re),
    String(found),
  ];
  pdf.table(
    [
      { label: L.defectClass, width: 2 },
      { label: L.aql, width: 1, align: 'right' },
      { label: L.n, width: 1, align: 'right' },
      { label: L.ac, width: 1, align: 'right' },
      { label: L.re, width: 1, align: 'right' },
      { label: L.found, width: 1, align: 'right' },
    ],
    [
      row(1, '0', plan.critical, d.critical),
      row(2, d.sampling.majorAql, plan.major, d.major),
      row(3, d.sampling.minorAql, plan.minor, d.minor),
    ],
  );
}

function findings(pdf: PdfReport, d: ReportDetail): void {
  pdf.heading(L.findings);
  pdf.table(
    [
      { label: L.section, width: 2 },
      { label: L.result, width: 1.6 },
      { label: L.remark, width: 5 },
    ],
    d.sections.map((s) => [
      both(en('InspectionResultType', s.sectionType)),
      s.result ? both(en('InspectionResult', s.result)) : '—',
      s.remark ?? '',
    ]),
  );
  const productNo = new Map(d.products.map((p) => [String(p.orderProductId), p.productNo]));
  pdf.heading(L.defects);
  pdf.table(
    [
      { label: L.defect, width: 3 },
      { label: L.defectClass, width: 1.4 },
      { label: L.qty, width: 0.8, align: 'right' },
      { label: L.product, width: 2.4 },
      { label: L.photos, width: 0.8, align: 'right' },
      { label: L.remark, width: 2.6 },
    ],
    d.defects.map((x) => [
      ref(x.defect),
      both(en('DefectClass', x.defectClass)),
      String(x.qty),
      x.orderProductId === null ? '' : (productNo.get(String(x.orderProductId)) ?? ''),
      String(x.photos.length),
      x.remark ?? '',
    ]),
  );
  measurements(pdf, d);
}

function measurements(pdf: PdfReport, d: ReportDetail): void {
  if (d.cartonData) {
    pdf.heading(L.cartons);
    const c = d.cartonData;
    pdf.grid([
      { label: L.cartonQty, value: String(c.cartonQty) },
      { label: L.pcsPerCarton, value: String(c.pcsPerCarton) },
      { label: L.innerPack, value: num(c.innerPack) },
      { label: L.openedCartons, value: String(c.openedCartons) },
      { label: L.shippingMark, value: both(c.shippingMark ? L.yes : L.no, ' / ') },
    ]);
  }
  if (d.cartonSize || d.weights) {
    pdf.heading(L.cartonSize);
    const rows: string[][] = [];
    if (d.cartonSize) {
      const s = d.cartonSize;
      const unit = enumLabel('SizeUnit', s.unit, 'en');
      rows.push([
        both(L.cartonSize),
        `${s.specL} × ${s.specW} × ${s.specH} ${unit}`,
        `${s.actL} × ${s.actW} × ${s.actH} ${unit}`,
      ]);
    }
    if (d.weights) {
      const w = d.weights;
      rows.push([both(L.gross), `${w.grossSpec} ${w.unit}`, `${w.grossActual} ${w.unit}`]);
      if (w.netSpec !== undefined)
        rows.push([
          both(L.net),
          `${w.netSpec} ${w.unit}`,
          `${num(w.netActual as number | undefined)} ${w.unit}`,
        ]);
    }
    pdf.table(
      [
        { label: L.weights, width: 2 },
        { label: L.spec, width: 2 },
        { label: L.actual, width: 2 },
      ],
      rows,
    );
  }
  if (d.pullTests.length > 0) {
    pdf.heading(L.pullTests);
    pdf.table(
      [
        { label: L.part, width: 2 },
        { label: L.tensionType, width: 1.6 },
        { label: L.force, width: 1.2, align: 'right' },
        { label: L.hold, width: 1, align: 'right' },
        { label: L.sampleSize, width: 1, align: 'right' },
        { label: L.result, width: 1.6 },
      ],
      d.pullTests.map((t) => [
        ref(t.part),
        both(en('TensionType', t.tensionType)),
        `${t.force} ${t.forceUnit}`,
        String(t.holdSeconds),
        num(t.sampleQty),
        both(en('InspectionTestResult', t.result)),
      ]),
    );
  }
  if (d.safetyTests.length > 0) {
    pdf.heading(L.safetyTests);
    pdf.table(
      [
        { label: L.test, width: 3 },
        { label: L.sampleSize, width: 1, align: 'right' },
        { label: L.value, width: 1.5 },
        { label: L.result, width: 1.6 },
        { label: L.remark, width: 2.5 },
      ],
      d.safetyTests.map((t) => [
        ref(t.inspectionTest),
        num(t.sampleQty),
        t.value ?? '',
        both(en('InspectionTestResult', t.result)),
        t.remark ?? '',
      ]),
    );
  }
}

function signOff(pdf: PdfReport, d: ReportDetail, input: ReportPdfInput): void {
  pdf.heading(L.signOff, 120);
  const signers = [];
  if (d.signOff)
    signers.push({
      role: L.factorySignOff,
      name: d.signOff.name,
      image: input.signatures.factory,
      at: input.time(d.signOff.at),
    });
  signers.push({
    role: L.inspector,
    name: person(d.inspector),
    image: input.signatures.inspector,
    at: d.inspectionDate,
  });
  if (d.auditL1)
    signers.push({
      role: L.approverL1,
      name: person(d.auditL1.by),
      image: input.signatures.l1,
      at: input.time(d.auditL1.at),
    });
  if (d.auditL2)
    signers.push({
      role: L.approverL2,
      name: person(d.auditL2.by),
      image: input.signatures.l2,
      at: input.time(d.auditL2.at),
    });
  pdf.signatures(signers);
}

/** The inspection report's PDF. */
export async function renderInspectionReportPdf(input: ReportPdfInput): Promise<MadePdf> {
  const d = input.detail;
  const pdf = await PdfReport.create({
    title: d.interim ? L.interimTitle : L.title,
    reportNo: d.reportNo,
    revision: d.revision,
    watermark: input.watermark,
    issuer: L.issuer,
    madeAt: input.madeAt,
  });
  cover(pdf, d);
  sampling(pdf, d, input);
  findings(pdf, d);
  if (input.photos.length > 0) {
    pdf.heading(
      { zh: `${L.photos.zh}（${input.photos.length}）`, en: `${L.photos.en} (${input.photos.length})` },
      220,
    );
    pdf.photoGrid(input.photos, 2);
  }
  signOff(pdf, d, input);
  return pdf.finish();
}
