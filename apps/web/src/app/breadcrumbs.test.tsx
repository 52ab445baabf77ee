import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n';
import { Breadcrumbs } from './breadcrumbs';

function crumbsAt(path: string, name: string): string[] {
  const router = createMemoryRouter([{ path: '/:language/*', handle: { name }, element: <Breadcrumbs /> }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
  const items = screen.getByTestId('breadcrumbs').querySelectorAll('li:not(.ant-breadcrumb-separator)');
  return Array.from(items, (item) => item.textContent?.trim() ?? '');
}

describe('Breadcrumbs', () => {
  afterEach(cleanup);

  it('say a module named like its list once', async () => {
    await i18n.changeLanguage('en');
    expect(crumbsAt('/en/client/5', 'ClientDetail')).toEqual(['Home', 'Clients', 'Client']);
  });

  it('keep the module when it differs from the list', async () => {
    await i18n.changeLanguage('zh');
    expect(crumbsAt('/zh/material/5', 'MaterialDetail')).toEqual(['首页', '样品', '材料', '材料详情']);
  });
});
