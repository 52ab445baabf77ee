import { cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n';
import { Breadcrumbs } from './breadcrumbs';
import { routeTitle } from './route-title';

function crumbsAt(path: string, name: string, pattern = '/:language/*'): string[] {
  const router = createMemoryRouter([{ path: pattern, handle: { name }, element: <Breadcrumbs /> }], {
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

  it('name a create page by what it creates (issue 12)', async () => {
    await i18n.changeLanguage('zh');
    expect(crumbsAt('/zh/client/new', 'ClientDetail', '/:language/client/:id')).toEqual([
      '首页',
      '客户',
      '新建客户',
    ]);
    cleanup();
    await i18n.changeLanguage('en');
    expect(
      crumbsAt('/en/standard/common/new', 'StandardCommonDetail', '/:language/standard/common/:id'),
    ).toEqual(['Home', 'Standards', 'Common standards', 'New common standard']);
  });

  it('give a create page its tab title in both languages', () => {
    const t = i18n.t.bind(i18n);
    expect(routeTitle('MaterialTestDetail', 'zh', t, true)).toBe('新建材料测试');
    expect(routeTitle('MaterialTestDetail', 'en', t, true)).toBe('New material test');
    expect(routeTitle('UserDetail', 'en', t, true)).toBe('New user');
    expect(routeTitle('UserDetail', 'zh', t, false)).toBe('用户详情');
  });
});
