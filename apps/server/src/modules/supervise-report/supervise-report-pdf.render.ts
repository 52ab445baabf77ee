import { CHECKPOINT_RESULT } from '@qcdesk/contract/supervise-report';
import { both, type MadePdf, type PdfPhoto, PdfReport, type Signer } from '../../platform/pdf/pdf-document';
import {
  enumBoth as label,
  numOrDash as num,
  personName as person,
  refName as ref,
} from '../../platform/pdf/pdf-texts';
import type { superviseDetail } from './supervise-report.service';
import { SUPERVISE_PDF_LABELS as L } from './supervise-report-pdf.texts';

// The loading report as the client reads it (issue 29), composed of the PDF engine's blocks as the
// inspection report is: the cover (client, factory, shipping or booking, the container, its seal and
// the times, the verdict in large type), the products loaded, the checkpoints with their results,
// the checkpoint photos and the sign-off (the inspector's and the approver's signature or typed
// name). Pure: the data and the images come in, the bytes go out.

export type SuperviseDetail = Awaited<ReturnType<typeof superviseDetail>>;

export interface SupervisePdfInput {
  detail: SuperviseDetail;
  /** The checkpoints' photos from their print-size copies, in checkpoint order. */
  photos: PdfPhoto[];
  signatures: { inspector: Buffer | null; approver: Buffer | null };
  /** The verdict's colour by InspectionResult. */
  verdictColours: Record<number, string>;
  /** Business date-time of making, `yyyy-MM-dd HH:mm`. */
  madeAt: string;
  /** Formats an instant in business time. */
  time: (at: Date) => string;
  /** A watermark for the preview. */
  watermark?: string | undefined;
}

function cover(pdf: PdfReport, d: SuperviseDetail, input: SupervisePdfInput): void {
  pdf.title(L.title, d.reportNo);
  const at = (v: Date | null) => (v ? input.time(v) : '—');
  pdf.grid([
    { label: L.reportNo, value: d.reportNo },
    { label: L.client, value: `${d.client.code} ${d.client.name}` },
    { label: L.factory, value: ref(d.factory) },
    d.shipping
      ? { label: L.shipping, value: d.shipping.shippingNo }
      : { label: L.booking, value: d.booking?.bookingNo ?? '—' },
    { label: L.orders, value: d.orderNos.join(', ') || '—' },
    { label: L.loadingDate, value: d.loadingDate },
    { label: L.containerType, value: d.containerType ?? '—' },
    { label: L.containerNo, value: d.containerNo ?? '—' },
    { label: L.sealNo, value: d.sealNo ?? '—' },
    { label: L.arrivalTime, value: at(d.arrivalTime) },
    { label: L.startTime, value: at(d.startTime) },
    { label: L.finishTime, value: at(d.finishTime) },
    { label: L.inspector, value: person(d.inspector) },
    { label: L.assistants, value: d.assistants.map(person).join(', ') || '—' },
  ]);
  if (d.result)
    pdf.verdict(L.verdict, label('InspectionResult', d.result), input.verdictColours[d.result] ?? '#1f2328');
  pdf.grid([{ label: L.remark, value: d.remark ?? '—' }], 1);
}

function products(pdf: PdfReport, d: SuperviseDetail): void {
  pdf.heading(L.products);
  const sum = (pick: (p: SuperviseDetail['products'][number]) => number | null) =>
    String(d.products.reduce((n, p) => n + (pick(p) ?? 0), 0));
  pdf.table(
    [
      { label: L.orderNo, width: 1.8 },
      { label: L.productNo, width: 2 },
      { label: L.itemNo, width: 1.6 },
      { label: L.productName, width: 2.4 },
      { label: L.quantity, width: 1.1, align: 'right' },
      { label: L.plannedCartons, width: 1.1, align: 'right' },
      { label: L.loadedCartons, width: 1.1, align: 'right' },
      { label: L.loadedQuantity, width: 1.1, align: 'right' },
    ],
    [
      ...d.products.map((p) => [
        p.orderNo,
        p.productNo,
        p.itemNo,
        p.name,
        String(p.quantity),
        num(p.plannedCartons),
        num(p.loadedCartons),
        num(p.loadedQuantity),
      ]),
      [
        both(L.total),
        '',
        '',
        '',
        sum((p) => p.quantity),
        sum((p) => p.plannedCartons),
        sum((p) => p.loadedCartons),
        sum((p) => p.loadedQuantity),
      ],
    ],
  );
}

function checkpoints(pdf: PdfReport, d: SuperviseDetail): void {
  pdf.heading(L.checkpoints);
  pdf.table(
    [
      { label: L.checkpoint, width: 3.4 },
      { label: L.mandatory, width: 1, align: 'center' },
      { label: L.result, width: 1.6 },
      { label: L.remark, width: 3 },
      { label: L.photos, width: 0.9, align: 'right' },
    ],
    d.checkpoints.map((c) => [
      ref(c.checkpoint),
      both(c.mandatory ? L.yes : L.no, ' / '),
      c.result === CHECKPOINT_RESULT.none
        ? both(L.notChecked)
        : both(label('InspectionTestResult', c.result)),
      c.remark ?? '',
      String(c.photoIds.length),
    ]),
  );
}

function signOff(pdf: PdfReport, d: SuperviseDetail, input: SupervisePdfInput): void {
  pdf.heading(L.signOff, 120);
  const signers: Signer[] = [
    {
      role: L.inspector,
      name: person(d.inspector),
      image: input.signatures.inspector,
      at: d.finishTime ? input.time(d.finishTime) : d.loadingDate,
    },
  ];
  if (d.approvedBy)
    signers.push({
      role: L.approver,
      name: person(d.approvedBy),
      image: input.signatures.approver,
      at: d.approvedAt ? input.time(d.approvedAt) : '',
    });
  pdf.signatures(signers);
}

/** The loading report's PDF. */
export async function renderSuperviseReportPdf(input: SupervisePdfInput): Promise<MadePdf> {
  const d = input.detail;
  const pdf = await PdfReport.create({
    title: L.title,
    reportNo: d.reportNo,
    revision: 0,
    watermark: input.watermark,
    issuer: L.issuer,
    madeAt: input.madeAt,
  });
  cover(pdf, d, input);
  products(pdf, d);
  checkpoints(pdf, d);
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
