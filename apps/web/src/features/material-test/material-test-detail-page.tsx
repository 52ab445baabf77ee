import { MATERIAL_TEST_STATUS } from '@qcdesk/contract/material-test';
import { Alert, Card, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../api/guard';
import { useSession } from '../../api/session';
import { ChangeLogViewer } from '../../components/change-log-viewer';
import { FileList } from '../../components/file-list';
import { createdText, FULL_ROW, LongText, RecordCard, subheading } from '../../components/record/record-card';
import { RecordLifecycleActions } from '../../components/record/record-lifecycle-actions';
import { RecordLink } from '../../components/record/record-link';
import { RecordRoute } from '../../components/record/record-route';
import { EMPTY, enumText, materialText, refName } from '../../components/ref-labels';
import { TagList } from '../../components/tag-list';
import { currentLanguage } from '../../i18n/i18n';
import { formatDate, formatDateTime } from '../../lib/format';
import {
  fetchMaterialTestChangeLog,
  fileHref,
  MATERIAL_TEST_ENTITY,
  type MaterialTestDetail,
  useInvalidateMaterialTest,
  useMaterialTest,
  useUpdateMaterialTest,
} from './api';
import { StatusBadge } from './material-test-columns';
import { MaterialTestForm, NewMaterialTest } from './material-test-form';
import { PushButton } from './material-test-push-button';

function MaterialTestView({ test, modify }: { test: MaterialTestDetail; modify: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  const language = currentLanguage();
  const mayEdit = hasPermission(session, 'materialtest.edit');
  const pushable = hasPermission(session, 'materialtest.push');
  // DOMAIN.md §4.13: drafts and completed tests may be deleted; a pushed one is corrected instead.
  const deletable =
    test.status === MATERIAL_TEST_STATUS.draft || test.status === MATERIAL_TEST_STATUS.completed;
  const live = test.valid === 1;
  // Completed and pushed tests are pushed (§4.13); a push mails a link to the report files, so
  // without one the button stays disabled and says why (the server refuses it: E_NO_REPORT).
  const pushStage = live && pushable && test.status !== MATERIAL_TEST_STATUS.draft;
  const needsReport = pushStage && test.reportFiles.length === 0;
  const actions = (
    <RecordLifecycleActions
      record={test}
      path="materialtest"
      testId="material-test"
      edit={mayEdit && modify}
      editPrimary={false}
      lead={
        pushStage ? (
          <PushButton test={test} disabledReason={needsReport ? t('material-test.pushNeedsReport') : null} />
        ) : null
      }
      allowed={{ delete: mayEdit && modify && deletable, undelete: mayEdit }}
      update={useUpdateMaterialTest()}
      onStale={useInvalidateMaterialTest()}
      texts={{
        delete: {
          confirm: t('material-test.deleteConfirm', { testNo: test.testNo }),
          done: t('material-test.deletedDone'),
        },
        undelete: {
          confirm: t('material-test.undeleteConfirm', { testNo: test.testNo }),
          done: t('material-test.undeletedDone'),
        },
      }}
    />
  );
  return (
    <Flex vertical gap={16}>
      <RecordCard
        testId="material-test-detail"
        title={test.testNo}
        tags={<StatusBadge status={test.status} language={language} data-testid="material-test-status" />}
        actions={actions}
        notices={[
          !live && <Alert type="warning" showIcon title={t('material-test.isDeleted')} />,
          live && test.status === MATERIAL_TEST_STATUS.draft && (
            <Alert type="info" showIcon title={t('material-test.draftHint')} />
          ),
          needsReport && (
            <Alert
              type="warning"
              showIcon
              title={t('material-test.pushNeedsReport')}
              data-testid="push-needs-report"
            />
          ),
          live && test.status === MATERIAL_TEST_STATUS.completed && pushable && !needsReport && (
            <Alert
              type="info"
              showIcon
              title={test.pushCount > 0 ? t('material-test.correctedHint') : t('material-test.readyHint')}
            />
          ),
        ]}
        items={[
          {
            key: 'material',
            label: t('material-test.material'),
            children: (
              <RecordLink route="MaterialDetail" to={`material/${test.material.id}`}>
                {materialText(test.material)}
              </RecordLink>
            ),
          },
          { key: 'lab', label: t('material-test.lab'), children: refName(test.lab, language) },
          {
            key: 'validity',
            label: t('material-test.validity'),
            children: `${formatDate(test.startDate)} ~ ${formatDate(test.endDate)}`,
          },
          {
            key: 'result',
            label: t('material-test.result'),
            children: enumText('TestResult', test.result, language),
          },
          {
            key: 'pushed',
            label: t('material-test.pushed'),
            children:
              test.pushCount > 0
                ? t('material-test.pushedValue', { at: formatDateTime(test.pushedAt), count: test.pushCount })
                : EMPTY,
          },
          { key: 'created', label: t('common.created'), children: createdText(test, language) },
          {
            key: 'testItems',
            label: t('material-test.testItems'),
            span: FULL_ROW,
            children: (
              <TagList
                items={test.testItems.map((item) => ({ key: item.id, label: refName(item, language) }))}
                empty={EMPTY}
              />
            ),
          },
          {
            key: 'pushedTo',
            label: t('material-test.pushedTo'),
            span: FULL_ROW,
            children: <TagList items={test.pushedTo.map((to) => ({ key: to, label: to }))} empty={EMPTY} />,
          },
          {
            key: 'remark',
            label: t('material-test.remark'),
            span: FULL_ROW,
            children: <LongText text={test.remark} />,
          },
        ]}
      />
      <Card title={<h2 style={subheading}>{t('material-test.reportFiles')}</h2>}>
        <FileList
          files={test.reportFiles.map((file) => ({ ...file, url: fileHref(file.url) }))}
          emptyText={t('material-test.noFiles')}
        />
      </Card>
      <Card>
        <ChangeLogViewer entity={MATERIAL_TEST_ENTITY} id={test.id} fetch={fetchMaterialTestChangeLog} />
      </Card>
    </Flex>
  );
}

/** Spec §2 MaterialTestDetail (`materialtest/{id}`): the test, its files and push; `?edit=1` corrects; `materialtest/new` records. */
export function MaterialTestDetailPage() {
  const { t } = useTranslation();
  return (
    <RecordRoute<MaterialTestDetail>
      path="materialtest"
      permission="materialtest.edit"
      useRecord={useMaterialTest}
      onStale={useInvalidateMaterialTest()}
      texts={{
        createTitle: t('material-test.createTitle'),
        editTitle: (test) => t('material-test.editTitle', { testNo: test.testNo }),
        createdDone: t('material-test.createdDone'),
        loadFailed: t('material-test.loadFailed'),
      }}
      form={(props) => <MaterialTestForm {...props} />}
      create={(props) => <NewMaterialTest {...props} />}
      view={({ record, modify }) => <MaterialTestView test={record} modify={modify} />}
    />
  );
}
