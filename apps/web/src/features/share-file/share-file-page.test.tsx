import type { Language } from '@qcdesk/contract/messages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastHost } from '../../components/toast';
import { shareFileEn } from '../../i18n/share-file.en';
import { shareFileZh } from '../../i18n/share-file.zh';
import { fileNameOf } from './api';
import { ShareFilePage } from './share-file-page';

function renderPage(language: Language) {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    resources: {
      en: { translation: { shareFile: shareFileEn } },
      zh: { translation: { shareFile: shareFileZh } },
    },
    lng: language,
    fallbackLng: false,
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ConfigProvider>
          <ToastHost />
          <MemoryRouter initialEntries={['/s/Abc123xyz']}>
            <Routes>
              <Route path="/s/:id" element={<ShareFilePage />} />
            </Routes>
          </MemoryRouter>
        </ConfigProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const files = [
  { index: 0, name: '验货报告.pdf', size: 2048, contentType: 'application/pdf', kind: 'document' },
  { index: 1, name: 'photo.png', size: 700_000, contentType: 'image/png', kind: 'image' },
];

const unlocked = {
  id: 'Abc123xyz',
  passwordRequired: true,
  sub: '样品照片',
  expiresAt: '2026-02-01T00:00:00.000Z',
  limit: 3,
  used: 1,
  direct: false,
  files,
};

describe('ShareFilePage', () => {
  const calls: Array<{ url: string; method: string; language: string }> = [];
  let saved: string[] = [];

  beforeEach(() => {
    calls.length = 0;
    saved = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit = {}) => {
        const headers = (init.headers ?? {}) as Record<string, string>;
        calls.push({ url, method: init.method ?? 'GET', language: headers['Accept-Language'] ?? '' });
        const { pathname, searchParams } = new URL(url, 'http://x');
        const pwd = searchParams.get('pwd');
        if (pathname.endsWith('/download')) {
          const name = searchParams.has('file') ? 'photo.png' : '样品照片.zip';
          return new Response(new Blob(['zip']), {
            status: 200,
            headers: {
              'content-disposition': `attachment; filename="x.zip"; filename*=UTF-8''${encodeURIComponent(name)}`,
            },
          });
        }
        if (!pwd) {
          return json(200, {
            success: true,
            data: { ...unlocked, sub: null, expiresAt: null, limit: null, used: 0, files: [] },
          });
        }
        if (pwd !== 'abc123') {
          return json(403, { success: false, code: 403, reason: 'E_SHARE_PASSWORD', error: '密码错误' });
        }
        return json(200, { success: true, error: 'Success', code: 0, data: unlocked });
      }),
    );
    URL.createObjectURL = vi.fn(() => 'blob:share');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
  });

  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('asks for the password, says when it is wrong, then lists the files and downloads them', async () => {
    renderPage('zh');
    const input = await screen.findByTestId('share-password');
    expect(screen.getByText('此链接受密码保护')).toBeTruthy();

    fireEvent.change(input, { target: { value: 'wrong1' } });
    fireEvent.click(screen.getByRole('button', { name: /打\s*开/ }));
    expect(await screen.findByText('密码错误')).toBeTruthy();

    fireEvent.change(screen.getByTestId('share-password'), { target: { value: 'abc123' } });
    fireEvent.click(screen.getByRole('button', { name: /打\s*开/ }));
    expect(await screen.findByText('样品照片')).toBeTruthy();
    expect(screen.getByText('验货报告.pdf')).toBeTruthy();
    expect(screen.getByText('2.0 KB')).toBeTruthy();
    expect(screen.getByText('0.7 MB')).toBeTruthy();
    expect(screen.getByTestId('share-remaining').textContent).toBe('还可下载 2 次');
    expect(screen.getByText('有效期至 2026-02-01')).toBeTruthy();

    fireEvent.click(screen.getByTestId('share-download-all'));
    await waitFor(() => expect(saved).toEqual(['样品照片.zip']));
    const one = screen.getByRole('button', { name: '下载 photo.png' }) as HTMLButtonElement;
    await waitFor(() => expect(one.disabled).toBe(false));
    fireEvent.click(one);
    await waitFor(() => expect(saved).toEqual(['样品照片.zip', 'photo.png']));

    const downloads = calls.filter((c) => c.method === 'POST');
    expect(downloads.map((c) => c.url)).toEqual([
      '/api/short-url/Abc123xyz/download?pwd=abc123',
      '/api/short-url/Abc123xyz/download?file=1&pwd=abc123',
    ]);
    expect(calls.every((c) => c.language === 'zh-CN,zh')).toBe(true);
  });

  it('shows why a link cannot be opened, in English', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(410, { success: false, code: 410, reason: 'E_SHARE_EXPIRED', error: 'The link has expired' }),
      ),
    );
    renderPage('en');
    expect(await screen.findByText('This link cannot be opened')).toBeTruthy();
    expect(screen.getByText('The link has expired')).toBeTruthy();
  });

  it('says how long to wait after too many wrong passwords, and asks again with the same one', async () => {
    let locked = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (!new URL(url, 'http://x').searchParams.get('pwd')) {
          return json(200, {
            success: true,
            data: { ...unlocked, sub: null, expiresAt: null, limit: null, used: 0, files: [] },
          });
        }
        if (locked) {
          return json(429, {
            success: false,
            code: 429,
            reason: 'E_LOCKED_OUT',
            error: 'Too many attempts; try again in 1 minutes',
            data: { retryAfter: 8 },
          });
        }
        return json(200, { success: true, error: 'Success', code: 0, data: unlocked });
      }),
    );
    renderPage('en');
    fireEvent.change(await screen.findByTestId('share-password'), { target: { value: 'abc123' } });
    fireEvent.click(screen.getByTestId('share-open'));
    expect(await screen.findByText('Too many wrong passwords; try again in 8 s')).toBeTruthy();
    locked = false;
    fireEvent.change(screen.getByTestId('share-password'), { target: { value: 'abc123' } });
    fireEvent.click(screen.getByTestId('share-open'));
    expect(await screen.findByText('样品照片')).toBeTruthy();
  });
});

describe('download names', () => {
  it('prefer the UTF-8 name', () => {
    expect(fileNameOf(`attachment; filename="__.pdf"; filename*=UTF-8''%E5%90%88%E5%90%8C.pdf`, 'x')).toBe(
      '合同.pdf',
    );
    expect(fileNameOf('attachment; filename="a.pdf"', 'x')).toBe('a.pdf');
    expect(fileNameOf(null, 'x.zip')).toBe('x.zip');
  });
});
