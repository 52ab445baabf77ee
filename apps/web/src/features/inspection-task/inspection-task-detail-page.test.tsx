import { getInspectionTask } from '@qcdesk/contract/inspection-task';
import type { OperationDef } from '@qcdesk/contract/operation';
import { cleanup, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api/client';
import { pretendPhone, renderWidget } from '../../components/test-utils';
import type { InspectionTaskDetail } from './api';
import { InspectionTaskDetailPage } from './inspection-task-detail-page';

const TASK: InspectionTaskDetail = {
  id: '5',
  taskNo: 'P2099001-01',
  planId: '9',
  planNo: 'P2099001',
  applyId: '3',
  applyNo: 'IA3',
  orderNo: 'PO1',
  client: { id: '1', code: 'C1', name: 'Client One' },
  factory: {
    id: 'f1',
    code: 'F1',
    nameZh: '一厂',
    nameEn: 'Factory One',
    addressZh: '宁波市',
    addressEn: 'Ningbo',
  },
  inspectionType: { id: 't1', code: 'FRI', nameZh: '尾期', nameEn: 'Final' },
  inspector: { id: 'u1', name: '验货一', englishName: 'Inspector One' },
  assistants: [],
  taskDate: '2099-01-06',
  reportBaseNo: null,
  status: 10,
  items: [
    {
      orderProductId: '11',
      productNo: 'P-1',
      itemNo: 'IT-1',
      name: 'Mug',
      applyQuantity: 1200,
      quantityUnit: 1,
    },
  ],
  version: 1,
  factoryContacts: [{ name: 'Ms Wang', phone: '138000', email: 'wang@example.com' }],
  inspectionRequirement: 'AQL 2.5 / 4.0\nDrop test',
};

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the task detail', () => {
  it('shows on a phone what the inspector needs on site', async () => {
    const restore = pretendPhone();
    vi.spyOn(api, 'callResult').mockImplementation(async (op: OperationDef) => {
      if (op.path !== getInspectionTask.path) throw new Error(`unexpected ${op.path}`);
      return { success: true, error: '', code: 0, data: TASK } as never;
    });
    try {
      renderWidget(
        <MemoryRouter>
          <InspectionTaskDetailPage id="5" />
        </MemoryRouter>,
      );
      expect((await screen.findByTestId('inspection-task-detail')).textContent).toContain('Ningbo');
      expect(
        screen.getByTestId('inspection-task-contacts').querySelector('a[href="tel:138000"]'),
      ).not.toBeNull();
      expect(screen.getByTestId('inspection-task-requirement').textContent).toContain('Drop test');
      expect(screen.getByTestId('inspection-task-items').textContent).toContain('1,200');
    } finally {
      restore();
    }
  });
});
