import { SearchOutlined } from '@ant-design/icons';
import type { Language } from '@qcdesk/contract/messages';
import { PERMISSION_ACTION_LABELS, PERMISSION_GROUPS, PERMISSIONS } from '@qcdesk/contract/permissions';
import { Checkbox, Col, Flex, Grid, Input, Row, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

type Group = (typeof PERMISSION_GROUPS)[number];

const permissionsOf = (group: Group): string[] => group.actions.map((a) => `${group.prefix}.${a}`);
const actionLabel = (action: string, language: Language) =>
  PERMISSION_ACTION_LABELS[action]?.[language] ?? action;

/** Both languages and the raw strings match, so "export" and "导出" find the same boxes. */
function matches(group: Group, needle: string): boolean {
  if (!needle) return true;
  const words = [
    group.prefix,
    group.label.zh,
    group.label.en,
    ...group.actions.flatMap((a) => [a, actionLabel(a, 'zh'), actionLabel(a, 'en')]),
  ];
  return words.some((w) => w.toLowerCase().includes(needle));
}

/**
 * The permission set of a role as a checklist grouped by the catalogue (DOMAIN.md §5.2), one
 * "all of the group" box per prefix. A form control: `value` and `onChange` come from Form.Item.
 * Strings the catalogue no longer knows are kept as they are; the form drops them on submit.
 */
export function PermissionChecklist({
  value = [],
  onChange,
  language,
  id,
}: {
  value?: string[];
  onChange?: (next: string[]) => void;
  language: Language;
  /** From Form.Item, so the field's label points at the checklist. */
  id?: string;
}) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  // Below `sm` a group's boxes sit under its name (the Cols stack): indent them to show they belong.
  const stacked = !Grid.useBreakpoint().sm;
  const selected = new Set(value);
  const needle = filter.trim().toLowerCase();
  const shown = PERMISSION_GROUPS.filter((g) => matches(g, needle));

  // Catalogue order, so the same choice always reads (and is sent) the same way.
  const emit = (next: Set<string>) => {
    const unknown = value.filter((p) => !(PERMISSIONS as readonly string[]).includes(p));
    onChange?.([...PERMISSIONS.filter((p) => next.has(p)), ...unknown]);
  };
  const setMany = (permissions: readonly string[], on: boolean) => {
    const next = new Set(selected);
    for (const p of permissions) {
      if (on) next.add(p);
      else next.delete(p);
    }
    emit(next);
  };

  const count = PERMISSIONS.filter((p) => selected.has(p)).length;
  const line = '1px solid var(--ant-color-split)';

  return (
    <div
      id={id}
      data-testid="role-permissions"
      style={{ border: '1px solid var(--ant-color-border)', borderRadius: 8 }}
    >
      <Flex wrap gap={8} align="center" style={{ padding: '8px 12px', borderBottom: line }}>
        <Checkbox
          checked={count === PERMISSIONS.length}
          indeterminate={count > 0 && count < PERMISSIONS.length}
          onChange={(e) => setMany(PERMISSIONS, e.target.checked)}
        >
          {t('roles.allPermissions')}
        </Checkbox>
        <Typography.Text type="secondary" style={{ flex: '1 0 auto' }} aria-live="polite">
          {t('roles.selectedCount', { count, total: PERMISSIONS.length })}
        </Typography.Text>
        <Input
          allowClear
          size="small"
          prefix={<SearchOutlined />}
          placeholder={t('roles.filter')}
          aria-label={t('roles.filter')}
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
          style={{ flex: '1 1 160px', maxWidth: stacked ? undefined : 220 }}
        />
      </Flex>
      {shown.length === 0 ? (
        <Typography.Paragraph type="secondary" style={{ margin: 0, padding: '8px 12px' }}>
          {t('roles.noMatch')}
        </Typography.Paragraph>
      ) : null}
      {shown.map((group, index) => {
        const permissions = permissionsOf(group);
        const held = permissions.filter((p) => selected.has(p)).length;
        return (
          <Row
            key={group.prefix}
            role="group"
            aria-label={group.label[language]}
            gutter={[8, 4]}
            align="top"
            style={{
              margin: 0,
              padding: '6px 12px',
              borderBottom: index < shown.length - 1 ? line : undefined,
            }}
          >
            <Col xs={24} sm={8} style={{ paddingInline: 0 }}>
              <Checkbox
                checked={held === permissions.length}
                indeterminate={held > 0 && held < permissions.length}
                onChange={(e) => setMany(permissions, e.target.checked)}
                title={`${group.prefix}.*`}
              >
                <Typography.Text strong>{group.label[language]}</Typography.Text>
              </Checkbox>
            </Col>
            <Col xs={24} sm={16} style={{ paddingInline: stacked ? '24px 0' : 0 }}>
              <Flex wrap gap="4px 16px">
                {group.actions.map((action) => {
                  const permission = `${group.prefix}.${action}`;
                  return (
                    <Checkbox
                      key={action}
                      checked={selected.has(permission)}
                      onChange={(e) => setMany([permission], e.target.checked)}
                      title={permission}
                    >
                      {actionLabel(action, language)}
                    </Checkbox>
                  );
                })}
              </Flex>
            </Col>
          </Row>
        );
      })}
    </div>
  );
}
