/**
 * A record's header buttons: Modify, the area's own actions, and the lifecycle changes (freeze and
 * unfreeze through `state`, delete and undelete through `valid`), each confirmed first and sent with
 * the version read. Which of them show is the area's rule (permissions, `modify`, status), passed in.
 */
import { DeleteOutlined, EditOutlined, LockOutlined, UndoOutlined, UnlockOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { currentLanguage } from '../../i18n/i18n';
import { ButtonLink } from '../button-link';
import { useConfirm } from '../confirm-dialog';
import { notify } from '../notify';
import type { RecordMutation } from './use-record-form';

export type Lifecycle = 'freeze' | 'unfreeze' | 'delete' | 'undelete';

export interface LifecycleTexts {
  confirm: string;
  done: string;
  /** The button; "Delete", "Undelete" by default. */
  label?: string;
}

type Change = { id: string; version: number; state?: 0 | 1; valid?: 0 | 1 };

const FIELDS: Record<Lifecycle, Pick<Change, 'state' | 'valid'>> = {
  freeze: { state: 0 },
  unfreeze: { state: 1 },
  delete: { valid: 0 },
  undelete: { valid: 1 },
};

export function RecordLifecycleActions({
  record,
  path,
  edit,
  editPrimary = true,
  testId,
  lead,
  children,
  allowed,
  texts,
  update,
  onStale,
  stayOnDelete = false,
}: {
  record: { id: string; version: number; valid: number; state?: number };
  /** The list's path under the language; a deleted record leads back to it. */
  path: string;
  /** Whether Modify shows (`<path>/<id>?edit=1`, test id `<testId>-edit`). */
  edit: boolean;
  editPrimary?: boolean;
  testId: string;
  /** Buttons before Modify (the area's main action). */
  lead?: ReactNode;
  /** Buttons between Modify and the lifecycle changes. */
  children?: ReactNode;
  /** Which changes the caller may make now; a change shows only where the record's state allows it. */
  allowed: { freeze?: boolean; delete?: boolean; undelete?: boolean };
  texts: Partial<Record<Lifecycle, LifecycleTexts>>;
  update: RecordMutation<Change, unknown>;
  /** A stale version reloads the record. */
  onStale?: () => void;
  /** A deleted record stays on its page (to be restored there) instead of leading back to the list. */
  stayOnDelete?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [confirm, holder] = useConfirm();
  const base = `/${currentLanguage()}/${path}`;

  const change = async (what: Lifecycle) => {
    const text = texts[what];
    if (!text) return;
    const danger = what === 'freeze' || what === 'delete';
    if (!(await confirm({ title: text.confirm, danger, okText: label(what) }))) return;
    update.mutate(
      { id: record.id, version: record.version, ...FIELDS[what] },
      {
        onSuccess: () => {
          notify('success', text.done);
          if (what === 'delete' && !stayOnDelete) void navigate(base);
        },
        onError: (error) => {
          if (error.reason === 'E_VERSION') onStale?.();
        },
      },
    );
  };
  const label = (what: Lifecycle) =>
    texts[what]?.label ?? (what === 'delete' ? t('common.delete') : t('common.undelete'));

  const live = record.valid === 1;
  const frozen = record.state === 0;
  return (
    <Flex gap={8} wrap>
      {holder}
      {lead}
      {edit && live ? (
        <ButtonLink
          type={editPrimary ? 'primary' : 'default'}
          icon={<EditOutlined />}
          to={`${base}/${record.id}?edit=1`}
          data-testid={`${testId}-edit`}
        >
          {t('common.edit')}
        </ButtonLink>
      ) : null}
      {children}
      {allowed.freeze && live ? (
        <Button
          icon={frozen ? <UnlockOutlined /> : <LockOutlined />}
          loading={update.isPending}
          onClick={() => void change(frozen ? 'unfreeze' : 'freeze')}
        >
          {label(frozen ? 'unfreeze' : 'freeze')}
        </Button>
      ) : null}
      {allowed.delete && live ? (
        <Button
          danger
          icon={<DeleteOutlined />}
          loading={update.isPending}
          onClick={() => void change('delete')}
        >
          {label('delete')}
        </Button>
      ) : null}
      {allowed.undelete && !live ? (
        <Button icon={<UndoOutlined />} loading={update.isPending} onClick={() => void change('undelete')}>
          {label('undelete')}
        </Button>
      ) : null}
    </Flex>
  );
}
