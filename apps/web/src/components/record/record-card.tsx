/**
 * The top card of a record page: the record's name as the page's one h1 with its tags, the actions
 * beside it, the notices under it (deleted, hints), then its fields as a description list.
 */

import type { Language } from '@qcdesk/contract/messages';
import { Card, Descriptions, type DescriptionsProps, Flex, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { Children, type ReactNode } from 'react';
import { formatDateTime } from '../../lib/format';
import { detailHeading } from '../detail-states';
import { EMPTY, userDisplayName } from '../ref-labels';
import { useIsPhone } from '../use-is-phone';

/** Lists and long texts take a whole row of the description at every width. */
export const FULL_ROW = { xs: 1, sm: 1, md: 1, lg: 2, xl: 2, xxl: 2 } as const;

export const subheading = { fontSize: 16, fontWeight: 600, margin: 0 } as const;

/** "created at · by whom", as every record shows its creation. */
export function createdText(
  record: { createdAt: string; createdBy: { name: string; englishName: string | null } | null },
  language: Language,
) {
  const by = record.createdBy ? ` · ${userDisplayName(record.createdBy, language)}` : '';
  return `${formatDateTime(record.createdAt)}${by}`;
}

/** A long text as it was typed (its line breaks kept), or a dash when there is none. */
export function LongText({ text }: { text: string | null | undefined }) {
  return (
    <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{text || EMPTY}</Typography.Paragraph>
  );
}

/** A record's "Created" (when · by whom) and "Updated" items, the last of its description. */
export function recordDates(
  record: Parameters<typeof createdText>[0] & { updatedAt: string },
  t: TFunction,
  language: Language,
): NonNullable<DescriptionsProps['items']> {
  return [
    { key: 'created', label: t('common.created'), children: createdText(record, language) },
    { key: 'updated', label: t('common.updated'), children: formatDateTime(record.updatedAt) },
  ];
}

export function RecordCard({
  testId,
  title,
  tags,
  actions,
  notices,
  items,
  columns = 2,
}: {
  testId: string;
  title: ReactNode;
  tags?: ReactNode;
  actions: ReactNode;
  /** Alerts under the heading; falsy entries are left out. */
  notices?: ReactNode[];
  items: DescriptionsProps['items'];
  /** Columns at the widest; 1 on phones. */
  columns?: 2 | 3;
}) {
  const phone = useIsPhone();
  const shown = Children.toArray((notices ?? []).filter(Boolean));
  return (
    <Card data-testid={testId}>
      <Flex justify="space-between" align="flex-start" gap={12} wrap style={{ marginBottom: 16 }}>
        <Flex gap={8} align="center" wrap data-testid={`${testId}-heading`}>
          <h1 style={detailHeading}>{title}</h1>
          {tags}
        </Flex>
        {actions}
      </Flex>
      {shown.length ? (
        <Flex vertical gap={12} style={{ marginBottom: 16 }}>
          {shown}
        </Flex>
      ) : null}
      <Descriptions
        bordered
        size="small"
        layout={phone ? 'vertical' : 'horizontal'}
        column={{ xs: 1, sm: 1, md: 1, lg: 2, xl: columns, xxl: columns }}
        items={items}
      />
    </Card>
  );
}
