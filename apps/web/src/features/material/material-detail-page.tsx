import { ExperimentOutlined } from '@ant-design/icons';
import { Alert, Badge, Card, Empty, Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { hasPermission } from '../../api/guard';
import { useSession } from '../../api/session';
import { ButtonLink } from '../../components/button-link';
import { ChangeLogCard } from '../../components/change-log-viewer';
import { RecordCard, recordDates, subheading } from '../../components/record/record-card';
import { RecordLifecycleActions } from '../../components/record/record-lifecycle-actions';
import { RecordLink } from '../../components/record/record-link';
import { RecordRoute } from '../../components/record/record-route';
import { EMPTY, refName } from '../../components/ref-labels';
import { currentLanguage } from '../../i18n/i18n';
import {
  fetchMaterialChangeLog,
  MATERIAL_ENTITY,
  type MaterialDetail,
  useInvalidateMaterial,
  useMaterial,
  useUpdateMaterial,
} from './api';
import { MaterialForm } from './material-form';
import { MaterialTests } from './material-tests';

function MaterialView({ material, modify }: { material: MaterialDetail; modify: boolean }) {
  const { t } = useTranslation();
  const session = useSession();
  const language = currentLanguage();
  const mayEdit = hasPermission(session, 'material.edit');
  const actions = (
    <RecordLifecycleActions
      record={material}
      path="material"
      testId="material"
      edit={mayEdit && modify}
      allowed={{ delete: mayEdit && modify, undelete: mayEdit }}
      update={useUpdateMaterial()}
      texts={{
        delete: {
          confirm: t('material.deleteConfirm', { upc: material.upc }),
          done: t('material.deletedDone'),
        },
        undelete: {
          confirm: t('material.undeleteConfirm', { upc: material.upc }),
          done: t('material.undeletedDone'),
        },
      }}
    >
      {hasPermission(session, 'materialtest.edit') && material.valid === 1 ? (
        <ButtonLink
          icon={<ExperimentOutlined />}
          to={`/${language}/materialtest/new?material=${material.id}`}
          data-testid="material-record-test"
        >
          {t('material.recordTest')}
        </ButtonLink>
      ) : null}
    </RecordLifecycleActions>
  );
  return (
    <Flex vertical gap={16}>
      <RecordCard
        testId="material-detail"
        title={material.name}
        tags={<Tag>{material.upc}</Tag>}
        actions={actions}
        notices={[material.valid === 0 && <Alert type="warning" showIcon title={t('material.isDeleted')} />]}
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
          { key: 'supplier', label: t('material.supplier'), children: refName(material.supplier, language) },
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
          ...recordDates(material, t, language),
        ]}
      />
      <Card title={<h2 style={subheading}>{t('material.tests')}</h2>}>
        <MaterialTests tests={material.tests} />
      </Card>
      <Card title={<h2 style={subheading}>{t('material.originalSamples')}</h2>}>
        {material.originalSamples.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('material.originalSamplesNone')} />
        ) : (
          <Flex wrap gap="8px 24px">
            {material.originalSamples.map((sample) => (
              <RecordLink key={sample.id} route="OriginalSampleDetail" to={`originalsample/${sample.id}`}>
                {`${sample.itemNo} | ${sample.name}`}
              </RecordLink>
            ))}
          </Flex>
        )}
      </Card>
      <ChangeLogCard entity={MATERIAL_ENTITY} id={material.id} fetch={fetchMaterialChangeLog} />
    </Flex>
  );
}

/** Spec §2 MaterialDetail (`material/{id}`): details, tests and samples using it; `?edit=1` modifies; `material/new` creates. */
export function MaterialDetailPage() {
  const { t } = useTranslation();
  return (
    <RecordRoute<MaterialDetail>
      path="material"
      permission="material.edit"
      useRecord={useMaterial}
      onStale={useInvalidateMaterial()}
      texts={{
        createTitle: t('material.createTitle'),
        editTitle: (material) => t('material.editTitle', { name: material.name }),
        createdDone: t('material.createdDone'),
        loadFailed: t('material.loadFailed'),
      }}
      form={(props) => <MaterialForm {...props} />}
      view={({ record, modify }) => <MaterialView material={record} modify={modify} />}
    />
  );
}
