import { defineMail } from '../../platform/mail/mail-templates';

// The mails of inspection plans (DOMAIN.md §4.2), listed in the area's defineModule({ mails }).

/** Dispatch (下达): the inspection notice, to the factory contact, the inspectors and sales. */
export const INSPECTION_NOTICE_MAIL = defineMail('inspection-plan-notice', {
  zh: {
    subject: '验货通知 {planNo}：{factory} {dates}',
    body: [
      '{name}，您好：',
      '验货计划 {planNo} 已下达：{dates} 在 {factory}（{address}）验货，验货员 {inspectors}。验货任务如下：',
      '下达人：{sender}。',
    ],
    highlight: 'lines',
  },
  en: {
    subject: 'Inspection notice {planNo}: {factory} {dates}',
    body: [
      'Hello {name},',
      'Inspection plan {planNo} is dispatched: inspection at {factory} ({address}) on {dates} by {inspectors}. The tasks:',
      'Dispatched by {sender}.',
    ],
    highlight: 'lines',
  },
});

/** A dispatched plan changed (dates, inspectors, man-days): the old and new inspectors and the factory. */
export const INSPECTION_PLAN_CHANGED_MAIL = defineMail('inspection-plan-changed', {
  zh: {
    subject: '验货计划变更 {planNo}：{factory} {dates}',
    body: [
      '{name}，您好：',
      '验货计划 {planNo} 已变更：现为 {dates} 在 {factory}（{address}）验货，验货员 {inspectors}。验货任务如下：',
      '变更人：{sender}。',
    ],
    highlight: 'lines',
  },
  en: {
    subject: 'Inspection plan changed {planNo}: {factory} {dates}',
    body: [
      'Hello {name},',
      'Inspection plan {planNo} has changed: inspection at {factory} ({address}) on {dates} by {inspectors}. The tasks:',
      'Changed by {sender}.',
    ],
    highlight: 'lines',
  },
});
