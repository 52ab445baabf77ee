import { WEIGHT_UNITS } from '@qcdesk/contract/inspection-report';
import { Col, Flex, Row, Select, Switch } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { NumberField } from '../../components/number-field';
import { enumOptions } from '../../components/ref-labels';
import { currentLanguage } from '../../i18n/i18n';
import { type InspectionReportDetail, type ReportUpdateInput, useUpdateReport } from './api';
import { FieldBox, ReportSection } from './report-section';
import { packingTexts, sizeTexts } from './report-texts';
import type { ReportSave } from './use-report-saver';
import { useSectionDraft } from './use-report-saver';

type Num = number | null;
const isNum = (v: Num | undefined): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0;
const opt = (key: string, v: Num | undefined) => (isNum(v) ? { [key]: v } : {});

/** One labelled number in the section's grid: two a row on a phone, four on a PC. */
function NumberCell({
  label,
  value,
  onChange,
  disabled,
  testId,
  precision = 0,
}: {
  label: string;
  value: Num | undefined;
  onChange: (v: Num) => void;
  disabled: boolean;
  testId: string;
  precision?: number;
}) {
  return (
    <Col xs={12} md={6}>
      <FieldBox label={label}>
        <NumberField
          value={value ?? null}
          onChange={onChange}
          precision={precision}
          disabled={disabled}
          aria-label={label}
          data-testid={testId}
        />
      </FieldBox>
    </Col>
  );
}

/** One part of `inspection/report/update` saved by itself. */
function usePartSave<K extends keyof ReportUpdateInput>(
  report: InspectionReportDetail,
  save: ReportSave,
  part: K,
) {
  const update = useUpdateReport();
  return useCallback(
    (value: ReportUpdateInput[K]) =>
      save((version) => update.mutateAsync({ id: report.id, version, [part]: value } as ReportUpdateInput)),
    [save, update.mutateAsync, report.id, part],
  );
}

type Cartons = {
  cartonQty: Num;
  pcsPerCarton: Num;
  innerPack: Num;
  openedCartons: Num;
  shippingMark: boolean;
};

export function CartonsSection({
  report,
  editable,
  save,
}: {
  report: InspectionReportDetail;
  editable: boolean;
  save: ReportSave;
}) {
  const { t } = useTranslation();
  const c = report.cartonData;
  const server: Cartons = {
    cartonQty: c?.cartonQty ?? null,
    pcsPerCarton: c?.pcsPerCarton ?? null,
    innerPack: c?.innerPack ?? null,
    openedCartons: c?.openedCartons ?? null,
    shippingMark: c?.shippingMark ?? false,
  };
  const part = usePartSave(report, save, 'cartonData');
  const send = useCallback(
    (v: Cartons) =>
      part({
        cartonQty: v.cartonQty ?? 0,
        pcsPerCarton: v.pcsPerCarton ?? 0,
        openedCartons: v.openedCartons ?? 0,
        shippingMark: v.shippingMark,
        ...opt('innerPack', v.innerPack),
      }),
    [part],
  );
  const ready = useCallback(
    (v: Cartons) => isNum(v.cartonQty) && isNum(v.pcsPerCarton) && isNum(v.openedCartons),
    [],
  );
  const { draft, setDraft, status } = useSectionDraft(server, send, ready, 'cartons');
  const cell = (key: 'cartonQty' | 'pcsPerCarton' | 'innerPack' | 'openedCartons') => (
    <NumberCell
      label={packingTexts(t)[key]}
      value={draft[key]}
      disabled={!editable}
      testId={`inspection-report-${key}`}
      onChange={(v) => setDraft({ ...draft, [key]: v })}
    />
  );
  return (
    <ReportSection
      id="cartons"
      title={t('inspection-report.cartons')}
      status={status}
      readOnly={!editable}
      empty={report.cartonData === null}
    >
      <Row gutter={[12, 12]}>
        {cell('cartonQty')}
        {cell('pcsPerCarton')}
        {cell('innerPack')}
        {cell('openedCartons')}
        <Col xs={24}>
          <Flex gap={8} align="center">
            <Switch
              checked={draft.shippingMark}
              disabled={!editable}
              aria-label={t('inspection-report.shippingMark')}
              onChange={(v) => setDraft({ ...draft, shippingMark: v })}
              data-testid="inspection-report-shippingMark"
            />
            {t('inspection-report.shippingMark')}
          </Flex>
        </Col>
      </Row>
    </ReportSection>
  );
}

const SIZE_KEYS = ['specL', 'specW', 'specH', 'actL', 'actW', 'actH'] as const;
type Size = Record<(typeof SIZE_KEYS)[number], Num> & { unit: number };

export function CartonSizeSection({
  report,
  editable,
  save,
}: {
  report: InspectionReportDetail;
  editable: boolean;
  save: ReportSave;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const s = report.cartonSize;
  const server = Object.fromEntries([
    ...SIZE_KEYS.map((k) => [k, s ? s[k] : null]),
    ['unit', s?.unit ?? 1],
  ]) as Size;
  const part = usePartSave(report, save, 'cartonSize');
  const send = useCallback(
    (v: Size) =>
      part({
        ...(Object.fromEntries(SIZE_KEYS.map((k) => [k, v[k] ?? 0])) as Record<
          (typeof SIZE_KEYS)[number],
          number
        >),
        unit: v.unit as 1,
      }),
    [part],
  );
  const ready = useCallback((v: Size) => SIZE_KEYS.every((k) => isNum(v[k])), []);
  const { draft, setDraft, status } = useSectionDraft(server, send, ready, 'cartonSize');
  return (
    <ReportSection
      id="cartonSize"
      title={t('inspection-report.cartonSize')}
      status={status}
      readOnly={!editable}
      empty={report.cartonSize === null}
    >
      <Row gutter={[12, 12]}>
        {SIZE_KEYS.map((k) => (
          <NumberCell
            key={k}
            label={sizeTexts(t)[k]}
            value={draft[k]}
            precision={2}
            disabled={!editable}
            testId={`inspection-report-${k}`}
            onChange={(v) => setDraft({ ...draft, [k]: v })}
          />
        ))}
        <Col xs={12} md={6}>
          <FieldBox label={t('inspection-report.unit')}>
            <Select
              style={{ width: '100%' }}
              disabled={!editable}
              value={draft.unit}
              options={enumOptions('SizeUnit', language)}
              onChange={(v) => setDraft({ ...draft, unit: Number(v) })}
            />
          </FieldBox>
        </Col>
      </Row>
    </ReportSection>
  );
}

type Weights = {
  grossSpec: Num;
  grossActual: Num;
  netSpec: Num;
  netActual: Num;
  unit: (typeof WEIGHT_UNITS)[number];
};

export function WeightsSection({
  report,
  editable,
  save,
}: {
  report: InspectionReportDetail;
  editable: boolean;
  save: ReportSave;
}) {
  const { t } = useTranslation();
  const w = report.weights;
  const server: Weights = {
    grossSpec: w?.grossSpec ?? null,
    grossActual: w?.grossActual ?? null,
    netSpec: w?.netSpec ?? null,
    netActual: w?.netActual ?? null,
    unit: (w?.unit as Weights['unit'] | undefined) ?? 'KG',
  };
  const part = usePartSave(report, save, 'weights');
  const send = useCallback(
    (v: Weights) =>
      part({
        grossSpec: v.grossSpec ?? 0,
        grossActual: v.grossActual ?? 0,
        unit: v.unit,
        ...opt('netSpec', v.netSpec),
        ...opt('netActual', v.netActual),
      }),
    [part],
  );
  const ready = useCallback((v: Weights) => isNum(v.grossSpec) && isNum(v.grossActual), []);
  const { draft, setDraft, status } = useSectionDraft(server, send, ready, 'weights');
  const cell = (key: 'grossSpec' | 'grossActual' | 'netSpec' | 'netActual') => (
    <NumberCell
      label={packingTexts(t)[key]}
      value={draft[key]}
      precision={3}
      disabled={!editable}
      testId={`inspection-report-${key}`}
      onChange={(v) => setDraft({ ...draft, [key]: v })}
    />
  );
  return (
    <ReportSection
      id="weights"
      title={t('inspection-report.weights')}
      status={status}
      readOnly={!editable}
      empty={report.weights === null}
    >
      <Row gutter={[12, 12]}>
        {cell('grossSpec')}
        {cell('grossActual')}
        {cell('netSpec')}
        {cell('netActual')}
        <Col xs={12} md={6}>
          <FieldBox label={t('inspection-report.unit')}>
            <Select
              style={{ width: '100%' }}
              disabled={!editable}
              value={draft.unit}
              options={WEIGHT_UNITS.map((u) => ({ value: u, label: u }))}
              onChange={(v) => setDraft({ ...draft, unit: v })}
            />
          </FieldBox>
        </Col>
      </Row>
    </ReportSection>
  );
}
