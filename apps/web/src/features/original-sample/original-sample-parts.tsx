import { Empty, Flex, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ChildRowsCard } from '../../components/record/child-rows-card';
import { RecordLink } from '../../components/record/record-link';
import { EMPTY, materialText, refName } from '../../components/ref-labels';
import { useIsPhone } from '../../components/use-is-phone';
import { currentLanguage } from '../../i18n/i18n';
import { formatDecimal } from '../../lib/format';
import {
  type OriginalSampleDetail,
  type PartsUpdate,
  useInvalidateOriginalSample,
  useSaveParts,
} from './api';
import { type PartValues, partInputs, partValues } from './original-sample-form-values';
import { PartsFields } from './original-sample-parts-fields';

type Part = OriginalSampleDetail['parts'][number];
type PartMaterial = Part['materials'][number];

function PartMaterials({ part }: { part: Part }) {
  const { t } = useTranslation();
  const phone = useIsPhone();
  const material = (row: PartMaterial) => (
    <RecordLink route="MaterialDetail" to={`material/${row.material.id}`}>
      {materialText(row.material)}
    </RecordLink>
  );
  const share = (row: PartMaterial) =>
    row.percentage === null ? EMPTY : `${formatDecimal(row.percentage, 2)} %`;

  if (part.materials.length === 0) {
    return <Typography.Text type="warning">{t('original-sample.partNoMaterial')}</Typography.Text>;
  }
  if (phone) {
    return (
      <ul style={{ margin: 0, paddingInlineStart: 18 }}>
        {part.materials.map((row) => (
          <li key={row.id}>
            {material(row)} · {share(row)}
            {row.colour ? ` · ${row.colour}` : ''}
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Table<PartMaterial>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={[...part.materials]}
      columns={[
        { key: 'material', title: t('original-sample.material'), render: (_, row) => material(row) },
        {
          key: 'percentage',
          title: t('original-sample.percentage'),
          align: 'right',
          render: (_, row) => share(row),
        },
        { key: 'colour', title: t('original-sample.colour'), render: (_, row) => row.colour || EMPTY },
      ]}
    />
  );
}

/**
 * The parts of an original sample and their materials; modified as one list with
 * `originalsample/material/update` (parts match on part, materials on material).
 */
export function OriginalSampleParts({ sample, canEdit }: { sample: OriginalSampleDetail; canEdit: boolean }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <ChildRowsCard<{ parts: PartValues[] }, PartsUpdate>
      testId="original-sample-parts"
      title={t('original-sample.parts')}
      editLabel={t('original-sample.partsEdit')}
      savedText={t('original-sample.partsSaved')}
      canEdit={canEdit}
      initialValues={() => ({ parts: partValues(sample) })}
      toInput={(values) => ({ id: sample.id, version: sample.version, parts: partInputs(values.parts) })}
      save={useSaveParts()}
      onStale={useInvalidateOriginalSample()}
      fields={() => <PartsFields knownParts={sample.parts.map((part) => part.part)} />}
    >
      {sample.parts.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('original-sample.partsNone')} />
      ) : (
        <Flex vertical gap={16}>
          {sample.parts.map((part) => (
            <section key={part.id}>
              <Typography.Title level={5} style={{ marginTop: 0 }}>
                {refName(part.part, language)}
              </Typography.Title>
              <PartMaterials part={part} />
            </section>
          ))}
        </Flex>
      )}
    </ChildRowsCard>
  );
}
