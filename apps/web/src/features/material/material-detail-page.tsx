import { DeleteOutlined, EditOutlined, ExperimentOutlined, UndoOutlined } from '@ant-design/icons';
import { Alert, Badge, Button, Card, Descriptions, Empty, Flex, Result, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { hasPermission, routePermitted } from '../../api/guard';
import { useSession } from '../../api/session';
import { ButtonLink } from '../../components/button-link';
import { ChangeLogViewer } from '../../components/change-log-viewer';
import { useConfirm } from '../../components/confirm-dialog';
import {
  DetailLoadFailed,
  DetailLoading,
  FormCard,
  detailHeading as heading,
} from '../../components/detail-states';
import { notify } from '../../components/notify';
import { EMPTY, enumText, refName, userDisplayName } from '../../components/ref-labels';
import { useIsPhone } from '../../components/use-is-phone';
import { currentLanguage } from '../../i18n/i18n';
import { formatDate, formatDateTime } from '../../lib/format';
import {
  fetchMaterialChangeLog,
  MATERIAL_ENTITY,
  type MaterialDetail,
  useInvalidateMaterial,
  useMaterial,
  useUpdateMaterial,
} from './api';
import { MaterialForm } from './material-form';

const subheading = { fontSize: 16, fontWeight: 600, margin: 0 } as const;

type TestSummary = MaterialDetail['tests'][number];

function MaterialActions({ material, modify }: { material: MaterialDetail; modify: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const language = currentLanguage();
  const [confirm, holder] = useConfirm();
  const update = useUpdateMaterial();
  const canEdit = hasPermission(session, 'material.edit') && modify;

  const setValid = async (valid: 0 | 1) => {
    const ok = await confirm({
      title:
        valid === 0
          ? t('material.deleteConfirm', { upc: material.upc })
          : t('material.undeleteConfirm', { upc: material.upc }),
      danger: valid === 0,
      okText: valid === 0 ? t('material.delete') : t('material.undelete'),
    });
    if (!ok) return;
    update.mutate(
      { id: material.id, version: material.version, valid },
      {
        onSuccess: () => {
          notify('success', valid === 0 ? t('material.deletedDone') : t('material.undeletedDone'));
          if (valid === 0) void navigate(`/${language}/material`);
        },
      },
    );
  };

  return (
    <Flex gap={8} wrap>
      {holder}
      {canEdit && material.valid === 1 ? (
        <ButtonLink
          type="primary"
          icon={<EditOutlined />}
          to={`/${language}/material/${material.id}?edit=1`}
          data-testid="material-edit"
        >
          {t('material.edit')}
        </ButtonLink>
      ) : null}
      {hasPermission(session, 'materialtest.edit') && material.valid === 1 ? (
        <ButtonLink
          icon={<ExperimentOutlined />}
          to={`/${language}/materialtest/new?material=${material.id}`}
          data-testid="material-record-test"
        >
          {t('material.recordTest')}
        </ButtonLink>
      ) : null}
      {canEdit && material.valid === 1 ? (
        <Button danger icon={<DeleteOutlined />} loading={update.isPending} onClick={() => void setValid(0)}>
          {t('material.delete')}
        </Button>
      ) : null}
      {hasPermission(session, 'material.edit') && material.valid === 0 ? (
        <Button icon={<UndoOutlined />} loading={update.isPending} onClick={() => void setValid(1)}>
          {t('material.undelete')}
        </Button>
      ) : null}
    </Flex>
  );
}

function MaterialTests({ tests }: { tests: readonly TestSummary[] }) {
  const { t } = useTranslation();
  const session = useSession();
  const language = currentLanguage();
  const phone = useIsPhone();
  const canOpen = session ? routePermitted(session, 'MaterialTestDetail') : false;
  const testNo = (row: TestSummary) =>
    canOpen ? <Link to={`/${language}/materialtest/${row.id}`}>{row.testNo}</Link> : row.testNo;
  const validity = (row: TestSummary) => `${formatDate(row.startDate)} ~ ${formatDate(row.endDate)}`;

  if (tests.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('material.testsNone')} />;
  if (phone) {
    return (
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label={t('material.tests')}>
        {tests.map((row) => (
          <li
            key={row.id}
            style={{ padding: '8px 0', borderBottom: '1px solid var(--ant-color-border-secondary)' }}
          >
            <Flex justify="space-between" gap={8}>
              <Typography.Text strong>{testNo(row)}</Typography.Text>
              <Tag>{enumText('MaterialTestStatus', row.status, language)}</Tag>
            </Flex>
            <div>
              {validity(row)} · {enumText('TestResult', row.result, language)}
            </div>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Table<TestSummary>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={[...tests]}
      scroll={{ x: 'max-content' }}
      columns={[
        { key: 'testNo', title: t('material.testNo'), render: (_, row) => testNo(row) },
        { key: 'validity', title: t('material.validity'), render: (_, row) => validity(row) },
        {
          key: 'result',
          title: t('material.result'),
          render: (_, row) => enumText('TestResult', row.result, language),
        },
        {
          key: 'status',
          title: t('material.status'),
          render: (_, row) => <Tag>{enumText('MaterialTestStatus', row.status, language)}</Tag>,
        },
      ]}
    />
  );
}

function MaterialView({ material, modify }: { material: MaterialDetail; modify: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  const language = currentLanguage();
  const phone = useIsPhone();
  const canOpenSample = session ? routePermitted(session, 'OriginalSampleDetail') : false;
  return (
    <Flex vertical gap={16}>
      <Card data-testid="material-detail">
        <Flex justify="space-between" align="flex-start" gap={12} wrap style={{ marginBottom: 16 }}>
          <Flex gap={8} align="center" wrap>
            <h1 style={heading}>{material.name}</h1>
            <Tag>{material.upc}</Tag>
          </Flex>
          <MaterialActions material={material} modify={modify} />
        </Flex>
        {material.valid === 0 ? (
          <Alert type="warning" showIcon title={t('material.isDeleted')} style={{ marginBottom: 16 }} />
        ) : null}
        <Descriptions
          bordered
          size="small"
          layout={phone ? 'vertical' : 'horizontal'}
          column={{ xs: 1, sm: 1, md: 1, lg: 2, xl: 2, xxl: 2 }}
          items={[
            { key: 'upc', label: t('material.upc'), children: material.upc },
            { key: 'name', label: t('material.name'), children: material.name },
            {
              key: 'technicalName',
              label: t('material.technicalName'),
              children: material.technicalName || EMPTY,
            },
            { key: 'customName', label: t('material.customName'), children: material.customName || EMPTY },
            {
              key: 'materialType',
              label: t('material.materialType'),
              children: refName(material.materialType, language),
            },
            {
              key: 'riskLevel',
              label: t('material.riskLevel'),
              children: refName(material.riskLevel, language),
            },
            {
              key: 'supplier',
              label: t('material.supplier'),
              children: refName(material.supplier, language),
            },
            {
              key: 'validTests',
              label: t('material.validTests'),
              children:
                material.validTests === 0 ? (
                  <Badge status="warning" text={t('material.needsTesting')} />
                ) : (
                  material.validTests
                ),
            },
            {
              key: 'created',
              label: t('material.created'),
              children: `${formatDateTime(material.createdAt)}${material.createdBy ? ` · ${userDisplayName(material.createdBy, language)}` : ''}`,
            },
            { key: 'updated', label: t('material.updated'), children: formatDateTime(material.updatedAt) },
          ]}
        />
      </Card>
      <Card title={<h2 style={subheading}>{t('material.tests')}</h2>}>
        <MaterialTests tests={material.tests} />
      </Card>
      <Card title={<h2 style={subheading}>{t('material.originalSamples')}</h2>}>
        {material.originalSamples.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('material.originalSamplesNone')} />
        ) : (
          <Flex wrap gap="8px 24px">
            {material.originalSamples.map((sample) => {
              const label = `${sample.itemNo} | ${sample.name}`;
              return canOpenSample ? (
                <Link key={sample.id} to={`/${language}/originalsample/${sample.id}`}>
                  {label}
                </Link>
              ) : (
                <span key={sample.id}>{label}</span>
              );
            })}
          </Flex>
        )}
      </Card>
      <Card>
        <ChangeLogViewer entity={MATERIAL_ENTITY} id={material.id} fetch={fetchMaterialChangeLog} />
      </Card>
    </Flex>
  );
}

/** Spec §2 MaterialDetail (`material/{id}`): details, tests and samples using it; `?edit=1` modifies; `material/new` creates. */
export function MaterialDetailPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const session = useSession();
  const language = currentLanguage();
  const creating = id === 'new';
  const query = useMaterial(creating ? undefined : id);
  const invalidate = useInvalidateMaterial();
  const list = `/${language}/material`;

  if (creating) {
    if (!hasPermission(session, 'material.edit'))
      return <Result status="403" title={t('invalidate.title')} />;
    return (
      <FormCard title={t('material.createTitle')}>
        <MaterialForm
          onDone={(newId) => {
            notify('success', t('material.createdDone'));
            void navigate(`/${language}/material/${newId}`, { replace: true });
          }}
          onCancel={() => void navigate(list)}
        />
      </FormCard>
    );
  }
  if (query.isPending) return <DetailLoading />;
  if (query.isError) {
    return (
      <DetailLoadFailed
        title={t('material.loadFailed')}
        message={query.error.message}
        backTo={list}
        backLabel={t('material.backToList')}
      />
    );
  }
  const material = query.data.data;
  const modify = query.data.modify ?? false;
  if (
    params.get('edit') === '1' &&
    modify &&
    hasPermission(session, 'material.edit') &&
    material.valid === 1
  ) {
    return (
      <FormCard title={t('material.editTitle', { name: material.name })}>
        <MaterialForm
          key={material.version}
          material={material}
          onStale={invalidate}
          onDone={() => {
            notify('success', t('material.saved'));
            void navigate(`/${language}/material/${material.id}`, { replace: true });
          }}
          onCancel={() => void navigate(`/${language}/material/${material.id}`)}
        />
      </FormCard>
    );
  }
  return <MaterialView material={material} modify={modify} />;
}
