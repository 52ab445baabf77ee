import { MAIL_STATUSES, searchMail } from '@qcdesk/contract/mail';
import type { InputOf, OutputOf } from '@qcdesk/contract/operation';
import { api } from '../../api/client';
import { operationKey } from '../../api/use-operation';
import type { PageRequest } from '../../components/data-table';
import { sortInput } from '../../components/list-state';

export type MailRow = OutputOf<typeof searchMail>['list'][number];
export type MailStatus = (typeof MAIL_STATUSES)[number];

export const mailboxKey = operationKey(searchMail);

/** The outbox's sort keys (issue 12; contract searchMail `sorting`). */
export const MAIL_SORTS = ['to', 'createdAt', 'sentAt'] as const;

export const requestMail: PageRequest<MailRow> = ({ filters, page, pageSize, ...sort }) =>
  api.call(searchMail, {
    ...(filters as InputOf<typeof searchMail>),
    page,
    pageSize,
    // sort: the server drops these until the contract's searchMail has `...sorting([...])`.
    ...sortInput(sort, MAIL_SORTS),
  });

export { MAIL_STATUSES };
