import { MAIL_STATUSES, searchMail } from '@qcdesk/contract/mail';
import type { InputOf, OutputOf } from '@qcdesk/contract/operation';
import { api } from '../../api/client';
import { operationKey } from '../../api/use-operation';
import type { Filters } from '../../components/table-columns';

export type MailRow = OutputOf<typeof searchMail>['list'][number];
export type MailStatus = (typeof MAIL_STATUSES)[number];

export const mailboxKey = operationKey(searchMail);

export const requestMail = (filters: Filters, page: number, pageSize: number) =>
  api.call(searchMail, { ...(filters as InputOf<typeof searchMail>), page, pageSize });

export { MAIL_STATUSES };
