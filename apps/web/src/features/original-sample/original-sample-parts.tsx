import { EditOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Flex, Form, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../api/api-error';
import { routePermitted } from '../../api/guard';
import { useSession } from '../../api/session';
import { notify } from '../../components/notify';
import { EMPTY, refName } from '../../components/ref-labels';
import { useIsPhone } from '../../components/use-is-phone';
import { currentLanguage } from '../../i18n/i18n';
import { formatDecimal } from '../../lib/format';
import { materialText, type OriginalSampleDetail, useInvalidateOriginalSample, useUpdateParts } from './api';
import { type PartValues, partInputs, partValues } from './original-sample-form-values';
import { PartsFields } from './original-sample-parts-fields';

type Part = OriginalSampleDetail['parts'][number];
type PartMaterial = Part['materials'][number];

function PartMaterials({ part }: { part: Part }) {
  const { t } = useTranslation();
  const session = useSession();
  const language = currentLanguage();
  const phone = useIsPhone();
  const canOpen = session ? routePermitted(session, 'MaterialDetail') : false;
  const material = (row: PartMaterial) =>
    canOpen ? (
      <Link to={`/${language}/material/${row.material.id}`}>{materialText(row.material)}</Link>
    ) : (
      materialText(row.material)
    );
  const share = (row: PartMaterial) =>
    row.percentage === null ? EMPTY : `${formatDecimal(row.percentage, 2)} %`;

  if (part.materials.length === 0) {
    return <Typography.Text type="warning">{t('originalSample.partNoMaterial')}</Typography.Text>;
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
        { key: 'material', title: t('originalSample.material'), render: (_, row) => material(row) },
        {
          key: 'percentage',
          title: t('originalSample.percentage'),
          align: 'right',
          render: (_, row) => share(row),
        },
        { key: 'colour', title: t('originalSample.colour'), render: (_, row) => row.colour || EMPTY },
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
  const [editing, setEditing] = useState(false);
  const [form] = Form.useForm<{ parts: PartValues[] }>();
  const save = useUpdateParts();
  const invalidate = useInvalidateOriginalSample();

  return (
    <Card
      title={<h2 style={{ fontSize: 16, fontWeight: 600, margin: 0 }}>{t('originalSample.parts')}</h2>}
      extra={
        canEdit && !editing ? (
          <Button
            icon={<EditOutlined />}
            onClick={() => {
              save.reset();
              setEditing(true);
            }}
            data-testid="original-sample-parts-edit"
          >
            {t('originalSample.partsEdit')}
          </Button>
        ) : null
      }
      data-testid="original-sample-parts"
    >
      {editing ? (
        <Form
          form={form}
          layout="vertical"
          initialValues={{ parts: partValues(sample) }}
          onFinish={(values) =>
            save.mutate(
              { id: sample.id, version: sample.version, parts: partInputs(values.parts) },
              {
                onSuccess: () => {
                  notify('success', t('originalSample.partsSaved'));
                  setEditing(false);
                },
                onError: (error) => {
                  if (isApiError(error) && error.reason === 'E_VERSION') {
                    notify('warning', error.message);
                    invalidate();
                    setEditing(false);
                  }
                },
              },
            )
          }
          data-testid="original-sample-parts-form"
        >
          {save.isError && save.error.reason !== 'E_VERSION' ? (
            <Alert
              type="error"
              showIcon
              role="alert"
              title={save.error.message}
              style={{ marginBottom: 16 }}
            />
          ) : null}
          <PartsFields knownParts={sample.parts.map((part) => part.part)} />
          <Flex gap={8} justify="flex-end" style={{ marginTop: 16 }}>
            <Button onClick={() => setEditing(false)}>{t('originalSample.cancel')}</Button>
            <Button
              type="primary"
              htmlType="submit"
              loading={save.isPending}
              data-testid="original-sample-parts-save"
            >
              {t('originalSample.save')}
            </Button>
          </Flex>
        </Form>
      ) : sample.parts.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('originalSample.partsNone')} />
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
    </Card>
  );
}
