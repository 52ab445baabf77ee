import { DeleteOutlined, EditOutlined, SendOutlined, UndoOutlined } from '@ant-design/icons';
import { formatMessage } from '@qcdesk/contract/messages';
import { Alert, Button, Card, Descriptions, Flex, Result, Skeleton, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../api/api-error';
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
import { FileList } from '../../components/file-list';
import { notify } from '../../components/notify';
import { EMPTY, enumText, refName, userDisplayName } from '../../components/ref-labels';
import { useIsPhone } from '../../components/use-is-phone';
import { currentLanguage } from '../../i18n/i18n';
import { formatDate, formatDateTime } from '../../lib/format';
import {
  fetchMaterialTestChangeLog,
  fileHref,
  MATERIAL_TEST_ENTITY,
  type MaterialTestDetail,
  materialText,
  useInvalidateMaterialTest,
  useMaterialLabel,
  useMaterialTest,
  usePushMaterialTest,
  useUpdateMaterialTest,
} from './api';
import { StatusBadge } from './material-test-columns';
import { MaterialTestForm } from './material-test-form';

const subheading = { fontSize: 16, fontWeight: 600, margin: 0 } as const;
const FULL_ROW = { xs: 1, sm: 1, md: 1, lg: 2, xl: 2, xxl: 2 } as const;

function MaterialTestActions({ test, modify }: { test: MaterialTestDetail; modify: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const language = currentLanguage();
  const [confirm, holder] = useConfirm();
  const push = usePushMaterialTest();
  const update = useUpdateMaterialTest();
  const invalidate = useInvalidateMaterialTest();
  const canEdit = hasPermission(session, 'materialtest.edit') && modify;
  const canPush = hasPermission(session, 'materialtest.push') && test.actions.includes('push');
  // DOMAIN.md §4.13: drafts and completed tests may be deleted; a pushed one is corrected instead.
  const deletable = test.status === 10 || test.status === 20;

  const pushMail = async () => {
    const ok = await confirm({
      title:
        test.pushCount > 0
          ? t('materialTest.pushAgainConfirm', { testNo: test.testNo })
          : t('materialTest.pushConfirm', { testNo: test.testNo }),
      content: t('materialTest.pushHint'),
      okText: t('materialTest.push'),
    });
    if (!ok) return;
    push.mutate(
      { id: test.id, version: test.version },
      {
        onSuccess: () => notify('success', formatMessage('MAIL_SENT', language)),
        onError: (error) => {
          if (isApiError(error) && error.reason === 'E_VERSION') invalidate();
        },
      },
    );
  };

  const setValid = async (valid: 0 | 1) => {
    const ok = await confirm({
      title:
        valid === 0
          ? t('materialTest.deleteConfirm', { testNo: test.testNo })
          : t('materialTest.undeleteConfirm', { testNo: test.testNo }),
      danger: valid === 0,
      okText: valid === 0 ? t('materialTest.delete') : t('materialTest.undelete'),
    });
    if (!ok) return;
    update.mutate(
      { id: test.id, version: test.version, valid },
      {
        onSuccess: () => {
          notify('success', valid === 0 ? t('materialTest.deletedDone') : t('materialTest.undeletedDone'));
          if (valid === 0) void navigate(`/${language}/materialtest`);
        },
        onError: (error) => {
          if (isApiError(error) && error.reason === 'E_VERSION') invalidate();
        },
      },
    );
  };

  return (
    <Flex gap={8} wrap>
      {holder}
      {canPush && test.valid === 1 ? (
        <Button
          type="primary"
          icon={<SendOutlined />}
          loading={push.isPending}
          onClick={() => void pushMail()}
          data-testid="material-test-push"
        >
          {test.pushCount > 0 ? t('materialTest.pushAgain') : t('materialTest.push')}
        </Button>
      ) : null}
      {canEdit && test.valid === 1 ? (
        <ButtonLink
          icon={<EditOutlined />}
          to={`/${language}/materialtest/${test.id}?edit=1`}
          data-testid="material-test-edit"
        >
          {t('materialTest.edit')}
        </ButtonLink>
      ) : null}
      {canEdit && test.valid === 1 && deletable ? (
        <Button danger icon={<DeleteOutlined />} loading={update.isPending} onClick={() => void setValid(0)}>
          {t('materialTest.delete')}
        </Button>
      ) : null}
      {hasPermission(session, 'materialtest.edit') && test.valid === 0 ? (
        <Button icon={<UndoOutlined />} loading={update.isPending} onClick={() => void setValid(1)}>
          {t('materialTest.undelete')}
        </Button>
      ) : null}
    </Flex>
  );
}

function MaterialTestView({ test, modify }: { test: MaterialTestDetail; modify: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  const language = currentLanguage();
  const phone = useIsPhone();
  const materialLink = session ? routePermitted(session, 'MaterialDetail') : false;
  const pushable = hasPermission(session, 'materialtest.push');
  return (
    <Flex vertical gap={16}>
      <Card data-testid="material-test-detail">
        <Flex justify="space-between" align="flex-start" gap={12} wrap style={{ marginBottom: 16 }}>
          <Flex gap={8} align="center" wrap>
            <h1 style={heading}>{test.testNo}</h1>
            <StatusBadge status={test.status} language={language} data-testid="material-test-status" />
          </Flex>
          <MaterialTestActions test={test} modify={modify} />
        </Flex>
        <Flex vertical gap={12} style={{ marginBottom: 16 }}>
          {test.valid === 0 ? <Alert type="warning" showIcon title={t('materialTest.isDeleted')} /> : null}
          {test.valid === 1 && test.status === 10 ? (
            <Alert type="info" showIcon title={t('materialTest.draftHint')} />
          ) : null}
          {test.valid === 1 && test.status === 20 && pushable ? (
            <Alert
              type="info"
              showIcon
              title={test.pushCount > 0 ? t('materialTest.correctedHint') : t('materialTest.readyHint')}
            />
          ) : null}
        </Flex>
        <Descriptions
          bordered
          size="small"
          layout={phone ? 'vertical' : 'horizontal'}
          column={{ xs: 1, sm: 1, md: 1, lg: 2, xl: 2, xxl: 2 }}
          items={[
            {
              key: 'material',
              label: t('materialTest.material'),
              children: materialLink ? (
                <Link to={`/${language}/material/${test.material.id}`}>{materialText(test.material)}</Link>
              ) : (
                materialText(test.material)
              ),
            },
            { key: 'lab', label: t('materialTest.lab'), children: refName(test.lab, language) },
            {
              key: 'validity',
              label: t('materialTest.validity'),
              children: `${formatDate(test.startDate)} ~ ${formatDate(test.endDate)}`,
            },
            {
              key: 'result',
              label: t('materialTest.result'),
              children: enumText('TestResult', test.result, language),
            },
            {
              key: 'pushed',
              label: t('materialTest.pushed'),
              children:
                test.pushCount > 0
                  ? t('materialTest.pushedValue', {
                      at: formatDateTime(test.pushedAt),
                      count: test.pushCount,
                    })
                  : EMPTY,
            },
            {
              key: 'created',
              label: t('materialTest.created'),
              children: `${formatDateTime(test.createdAt)}${test.createdBy ? ` · ${userDisplayName(test.createdBy, language)}` : ''}`,
            },
            {
              key: 'testItems',
              label: t('materialTest.testItems'),
              span: FULL_ROW,
              children: test.testItems.length
                ? test.testItems.map((item) => <Tag key={item.id}>{refName(item, language)}</Tag>)
                : EMPTY,
            },
            {
              key: 'pushedTo',
              label: t('materialTest.pushedTo'),
              span: FULL_ROW,
              children: test.pushedTo.length ? test.pushedTo.map((to) => <Tag key={to}>{to}</Tag>) : EMPTY,
            },
            {
              key: 'remark',
              label: t('materialTest.remark'),
              span: FULL_ROW,
              children: (
                <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
                  {test.remark || EMPTY}
                </Typography.Paragraph>
              ),
            },
          ]}
        />
      </Card>
      <Card title={<h2 style={subheading}>{t('materialTest.reportFiles')}</h2>}>
        <FileList
          files={test.reportFiles.map((file) => ({ ...file, url: fileHref(file.url) }))}
          emptyText={t('materialTest.noFiles')}
        />
      </Card>
      <Card>
        <ChangeLogViewer entity={MATERIAL_TEST_ENTITY} id={test.id} fetch={fetchMaterialTestChangeLog} />
      </Card>
    </Flex>
  );
}

function NewMaterialTest() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const language = currentLanguage();
  const materialId = params.get('material');
  const material = useMaterialLabel(materialId);
  if (materialId && material.isPending) {
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  }
  return (
    <FormCard title={t('materialTest.createTitle')}>
      <MaterialTestForm
        material={material.data ?? null}
        onDone={(newId) => {
          notify('success', t('materialTest.createdDone'));
          void navigate(`/${language}/materialtest/${newId}`, { replace: true });
        }}
        onCancel={() => void navigate(-1)}
      />
    </FormCard>
  );
}

/** Spec §2 MaterialTestDetail (`materialtest/{id}`): the test, its files and push; `?edit=1` corrects; `materialtest/new` records. */
export function MaterialTestDetailPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const session = useSession();
  const language = currentLanguage();
  const creating = id === 'new';
  const query = useMaterialTest(creating ? undefined : id);
  const invalidate = useInvalidateMaterialTest();
  const list = `/${language}/materialtest`;

  if (creating) {
    if (!hasPermission(session, 'materialtest.edit'))
      return <Result status="403" title={t('invalidate.title')} />;
    return <NewMaterialTest />;
  }
  if (query.isPending) return <DetailLoading />;
  if (query.isError) {
    return (
      <DetailLoadFailed
        title={t('materialTest.loadFailed')}
        message={query.error.message}
        backTo={list}
        backLabel={t('materialTest.backToList')}
      />
    );
  }
  const test = query.data.data;
  const modify = query.data.modify ?? false;
  if (
    params.get('edit') === '1' &&
    modify &&
    hasPermission(session, 'materialtest.edit') &&
    test.valid === 1
  ) {
    return (
      <FormCard title={t('materialTest.editTitle', { testNo: test.testNo })}>
        <MaterialTestForm
          key={test.version}
          test={test}
          onStale={invalidate}
          onDone={() => {
            notify('success', t('materialTest.saved'));
            void navigate(`/${language}/materialtest/${test.id}`, { replace: true });
          }}
          onCancel={() => void navigate(`/${language}/materialtest/${test.id}`)}
        />
      </FormCard>
    );
  }
  return <MaterialTestView test={test} modify={modify} />;
}
