import { Button, Descriptions, Flex, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfigSelect } from '../../components/config-select';
import { NumberField } from '../../components/number-field';
import { RecordLink } from '../../components/record/record-link';
import { EMPTY, refName } from '../../components/ref-labels';
import { currentLanguage } from '../../i18n/i18n';
import { formatDateTime } from '../../lib/format';
import { type InspectionReportDetail, useDrawReportSamples, useSendReportSamples } from './api';
import { FieldBox, ReportSection } from './report-section';
import type { ReportSave } from './use-report-saver';

type Drawn = { quantity: number | null; sealNo: string };

/** Samples drawn on site for the lab: per product quantity and seal no (a draft test order follows), then their dispatch. */
export function LabSamplesSection({
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
  const draw = useDrawReportSamples();
  const send = useSendReportSamples();
  const [drawn, setDrawn] = useState<Record<string, Drawn>>({});
  const [labId, setLabId] = useState<string | null>(null);
  const [expressId, setExpressId] = useState<string | null>(null);
  const [trackingNo, setTrackingNo] = useState('');
  const lab = report.labSamples;
  const picked = Object.entries(drawn).filter(([, d]) => (d.quantity ?? 0) >= 1 && d.sealNo.trim());

  const record = () =>
    save((version) =>
      draw.mutateAsync({
        id: report.id,
        version,
        ...(labId ? { labId } : {}),
        samples: picked.map(([orderProductId, d]) => ({
          orderProductId,
          quantity: d.quantity ?? 1,
          sealNo: d.sealNo.trim(),
        })),
      }),
    ).catch(() => undefined);
  const dispatch = () =>
    save((version) =>
      send.mutateAsync({ id: report.id, version, expressId: expressId ?? '', trackingNo: trackingNo.trim() }),
    ).catch(() => undefined);

  return (
    <ReportSection
      id="labSamples"
      title={t('inspection-report.labSamples')}
      readOnly={!editable}
      empty={!lab}
    >
      {lab ? (
        <Flex vertical gap={10} data-testid="inspection-report-lab-samples">
          {lab.samples.map((s) => (
            <Typography.Text key={s.orderProductId}>
              {s.productNo} × {s.quantity} · {t('inspection-report.sealNo')} {s.sealNo}
            </Typography.Text>
          ))}
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 2 }}
            items={[
              {
                key: 'testOrder',
                label: t('inspection-report.testOrder'),
                children: lab.testOrder ? (
                  <RecordLink route="OrderTestDetail" to={`ordertest/${lab.testOrder.id}`}>
                    {lab.testOrder.testOrderNo}
                  </RecordLink>
                ) : (
                  EMPTY
                ),
              },
              {
                key: 'express',
                label: t('inspection-report.express'),
                children: lab.express ? refName(lab.express, language) : EMPTY,
              },
              {
                key: 'trackingNo',
                label: t('inspection-report.trackingNo'),
                children: lab.trackingNo ?? EMPTY,
              },
              {
                key: 'sentAt',
                label: t('inspection-report.sentAt'),
                children: lab.sentAt ? formatDateTime(lab.sentAt) : EMPTY,
              },
            ]}
          />
          {editable && !lab.sentAt ? (
            <Flex wrap gap={8}>
              <ConfigSelect<string | null>
                list="express"
                aria-label={t('inspection-report.express')}
                placeholder={t('inspection-report.express')}
                value={expressId}
                onChange={setExpressId}
                style={{ flex: '1 1 160px' }}
              />
              <Input
                style={{ flex: '1 1 160px' }}
                maxLength={60}
                placeholder={t('inspection-report.trackingNo')}
                aria-label={t('inspection-report.trackingNo')}
                value={trackingNo}
                onChange={(e) => setTrackingNo(e.target.value)}
              />
              <Button
                loading={send.isPending}
                disabled={!expressId || !trackingNo.trim()}
                onClick={() => void dispatch()}
              >
                {t('inspection-report.sendSamples')}
              </Button>
            </Flex>
          ) : null}
        </Flex>
      ) : (
        <Flex vertical gap={10}>
          {report.products.map((p) => {
            const d = drawn[p.orderProductId] ?? { quantity: null, sealNo: '' };
            const set = (patch: Partial<Drawn>) =>
              setDrawn({ ...drawn, [p.orderProductId]: { ...d, ...patch } });
            return (
              <Flex key={p.orderProductId} wrap gap={8} align="flex-end">
                <Typography.Text strong style={{ flex: '1 1 100%' }}>
                  {p.productNo}
                </Typography.Text>
                <FieldBox label={t('inspection-report.qty')} style={{ flex: '0 1 110px' }}>
                  <NumberField
                    value={d.quantity}
                    aria-label={t('inspection-report.qty')}
                    onChange={(v) => set({ quantity: v })}
                  />
                </FieldBox>
                <FieldBox label={t('inspection-report.sealNo')} style={{ flex: '1 1 160px' }}>
                  <Input
                    value={d.sealNo}
                    maxLength={40}
                    aria-label={t('inspection-report.sealNo')}
                    onChange={(e) => set({ sealNo: e.target.value })}
                  />
                </FieldBox>
              </Flex>
            );
          })}
          <ConfigSelect<string | null>
            list="lab"
            allowClear
            aria-label={t('inspection-report.lab')}
            placeholder={t('inspection-report.lab')}
            value={labId}
            onChange={setLabId}
          />
          <Button loading={draw.isPending} disabled={picked.length === 0} onClick={() => void record()}>
            {t('inspection-report.drawSamples')}
          </Button>
        </Flex>
      )}
    </ReportSection>
  );
}
