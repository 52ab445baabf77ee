import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWidget } from '../../components/test-utils';
import { hasUnsavedChanges, LeaveGuardHost } from '../../components/use-leave-guard';
import type { FirstSampleDetail } from './api';
import { CheckItemsCard, checkItemTexts } from './first-sample-checks-card';

const sample = {
  id: '7',
  version: 3,
  sampleNo: 'FS-7',
  checkItems: [
    {
      checkItem: {
        id: '1',
        code: 'SEAM',
        name: '缝线',
        nameEn: 'Seams',
        method: null,
        criterion: null,
        methodEn: null,
        criterionEn: null,
      },
      checkResult: 0,
      remark: null,
      photos: [],
    },
  ],
} as unknown as FirstSampleDetail;

function start() {
  const router = createMemoryRouter(
    [
      {
        path: '/:language',
        element: (
          <>
            <LeaveGuardHost />
            <Link to="/en/order">Orders</Link>
            <Outlet />
          </>
        ),
        children: [
          { path: 'firstsample/7', element: <CheckItemsCard sample={sample} editable /> },
          { path: 'order', element: <p>Order list</p> },
        ],
      },
    ],
    { initialEntries: ['/en/firstsample/7'] },
  );
  renderWidget(<RouterProvider router={router} />);
  return router;
}

describe('the first-sample check list', () => {
  afterEach(() => {
    cleanup();
    expect(hasUnsavedChanges()).toBe(false);
  });

  it('asks before a menu link drops unsaved results and remarks; Stay keeps them', async () => {
    const router = start();
    fireEvent.change(await screen.findByRole('textbox'), { target: { value: 'Loose thread' } });
    await waitFor(() => expect(hasUnsavedChanges()).toBe(true));

    fireEvent.click(screen.getByRole('link', { name: 'Orders' }));
    expect(await screen.findAllByText('Leave this page?')).not.toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() =>
      expect([...router.state.blockers.values()].every((b) => b.state === 'unblocked')).toBe(true),
    );
    expect(router.state.location.pathname).toBe('/en/firstsample/7');
    expect((screen.getByRole('textbox') as HTMLInputElement).value).toBe('Loose thread');
  });
});

describe('checkItemTexts (issue 25)', () => {
  const item = {
    ...sample.checkItems[0]!.checkItem,
    method: '按图纸测量',
    criterion: '在允差范围内',
    methodEn: 'Measured against the drawing',
    criterionEn: null,
  };
  it.each([
    ['en', 'Measured against the drawing', '在允差范围内'],
    ['zh', '按图纸测量', '在允差范围内'],
  ] as const)('%s shows the English text where the master data has one', (language, method, criterion) => {
    expect(checkItemTexts(item, language)).toEqual({ method, criterion });
  });
});
