import { Card, Descriptions, Empty, Flex, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { subheading } from '../../components/record/record-card';
import { EMPTY, userDisplayName } from '../../components/ref-labels';
import { currentLanguage } from '../../i18n/i18n';
import { formatDateTime } from '../../lib/format';
import { type InspectionReportDetail, useSupplierSeverity } from './api';
import { InspectionResultTag } from './inspection-report-columns';
import { codeText } from './report-logic';
import { PhotoFlags } from './report-photos';
import { ComputedVerdict } from './report-result';
import { severityTexts } from './report-texts';

const shortName = (name: string) => name.replace(/^\d+_/, '');

/** The supplier's sampling severity (client × factory × inspection type) and the lots and decisions behind it. */
function SupplierSeverity({ report }: { report: InspectionReportDetail }) {
  const { t } = useTranslation();
  const query = useSupplierSeverity({
    clientId: report.client.id,
    factoryId: report.factory.id,
    inspectionTypeId: report.inspectionType.id,
  });
  const data = query.data;
  return (
    <Flex vertical gap={8} data-testid="inspection-report-severity">
      <Typography.Text strong>{t('inspection-report.supplierSeverity')}</Typography.Text>
      {data ? (
        <>
          <span>
            <Tag
              color={data.severity === 'tightened' ? 'red' : data.severity === 'reduced' ? 'green' : 'blue'}
            >
              {severityTexts(t)[data.severity]}
            </Tag>
            {data.discontinued ? <Tag color="red">{t('inspection-report.discontinued')}</Tag> : null}
            <span style={{ marginInlineStart: 8 }}>
              {t('inspection-report.switchingScore')}: {data.score}
            </span>
          </span>
          <Table
            size="small"
            rowKey={(row) => `${row.at}:${row.ref}:${row.kind}`}
            pagination={{ pageSize: 5, hideOnSinglePage: true }}
            dataSource={[...data.history].reverse()}
            scroll={{ x: true }}
            columns={[
              { key: 'at', title: t('inspection-report.at'), render: (_v, r) => formatDateTime(r.at) },
              { key: 'ref', title: t('inspection-report.lot'), dataIndex: 'ref' },
              {
                key: 'accepted',
                title: t('inspection-report.accepted'),
                render: (_v, r) =>
                  r.kind === 'decision'
                    ? t('inspection-report.decision')
                    : r.accepted
                      ? t('common.yes')
                      : t('common.no'),
              },
              {
                key: 'severity',
                title: t('inspection-report.severity'),
                render: (_v, r) => severityTexts(t)[r.severity],
              },
              {
                key: 'score',
                title: t('inspection-report.switchingScore'),
                dataIndex: 'score',
                align: 'right',
              },
            ]}
          />
        </>
      ) : (
        <Typography.Text type="secondary">
          {query.isError ? EMPTY : t('inspection-report.loading')}
        </Typography.Text>
      )}
    </Flex>
  );
}

/** What the auditor weighs (§4.4): computed against chosen, the level-2 triggers, the photos' flags, the supplier. */
export function ReportAudit({ report }: { report: InspectionReportDetail }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const flagged = [...report.defects.flatMap((d) => d.photos), ...report.photos].filter(
    (p) => p.flags.length > 0,
  );
  const person = (a: InspectionReportDetail['auditL1']) =>
    a ? `${userDisplayName(a.by, language)} · ${formatDateTime(a.at)}` : EMPTY;
  return (
    <Card
      title={<h2 style={subheading}>{t('inspection-report.audit')}</h2>}
      data-testid="inspection-report-audit"
    >
      <Flex vertical gap={16}>
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, sm: 1, md: 2 }}
          items={[
            {
              key: 'computed',
              label: t('inspection-report.computed'),
              children: <ComputedVerdict report={report} labelled={false} />,
            },
            {
              key: 'pre',
              label: t('inspection-report.preResult'),
              children: (
                <InspectionResultTag
                  result={report.preResult}
                  language={language}
                  testId="inspection-report-audit-pre"
                />
              ),
            },
            {
              key: 'result',
              label: t('inspection-report.result'),
              children: (
                <InspectionResultTag
                  result={report.result}
                  language={language}
                  testId="inspection-report-audit-result"
                />
              ),
            },
            {
              key: 'remark',
              label: t('inspection-report.resultRemark'),
              children: report.resultRemark || EMPTY,
            },
            {
              key: 'reason',
              label: t('inspection-report.approveReason'),
              children: report.resultReason || EMPTY,
            },
            {
              key: 'triggers',
              label: t('inspection-report.levelTwoTriggers'),
              children: report.levelTwoTriggers.length ? (
                <Flex wrap gap={4} data-testid="inspection-report-triggers">
                  {report.levelTwoTriggers.map((code) => (
                    <Tag key={code} color="gold">
                      {codeText('triggers', code, t)}
                    </Tag>
                  ))}
                </Flex>
              ) : (
                t('inspection-report.noTriggers')
              ),
            },
            { key: 'l1', label: t('inspection-report.auditL1'), children: person(report.auditL1) },
            { key: 'l2', label: t('inspection-report.auditL2'), children: person(report.auditL2) },
          ]}
        />
        <Flex vertical gap={6} data-testid="inspection-report-flags">
          <Typography.Text strong>{t('inspection-report.photoFlags')}</Typography.Text>
          {flagged.length ? (
            flagged.map((photo) => (
              <span key={photo.fileId}>
                {photo.thumbnailUrl ? (
                  <a href={photo.url ?? undefined} target="_blank" rel="noreferrer">
                    <img
                      src={photo.thumbnailUrl}
                      alt={shortName(photo.name)}
                      style={{
                        width: 64,
                        height: 64,
                        objectFit: 'cover',
                        verticalAlign: 'middle',
                        marginRight: 6,
                      }}
                    />
                  </a>
                ) : null}
                {shortName(photo.name)} <PhotoFlags flags={photo.flags} />
              </span>
            ))
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('inspection-report.noFlags')} />
          )}
        </Flex>
        <SupplierSeverity report={report} />
      </Flex>
    </Card>
  );
}
