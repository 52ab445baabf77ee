import type { Language } from '@qcdesk/contract/messages';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { shareFileEn } from '../i18n/share-file.en';
import { shareFileZh } from '../i18n/share-file.zh';
import { widgetsEn } from '../i18n/widgets.en';
import { widgetsZh } from '../i18n/widgets.zh';
import { FileList, type FileListItem } from './file-list';

function renderList(ui: React.ReactElement, language: Language = 'en') {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({
    resources: {
      en: { translation: { shareFile: shareFileEn, widgets: widgetsEn } },
      zh: { translation: { shareFile: shareFileZh, widgets: widgetsZh } },
    },
    lng: language,
    fallbackLng: false,
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return render(
    <I18nextProvider i18n={i18n}>
      <ConfigProvider>{ui}</ConfigProvider>
    </I18nextProvider>,
  );
}

const files: FileListItem[] = [
  {
    id: '1',
    name: '20260102030405Ab12Cd@@合同 2026.pdf',
    size: 300,
    updateTime: '2026-01-02T03:04:05Z',
    url: '/api/file/1?sig=x',
  },
  { id: '2', name: 'plain.xlsx', size: 3 * 1024 * 1024, updateTime: '2026-01-03T00:00:00Z' },
];

describe('FileList', () => {
  afterEach(() => {
    cleanup();
  });

  it('shows display names, sizes and links', () => {
    renderList(<FileList files={files} />);
    const link = screen.getByRole('link', { name: '合同 2026.pdf' });
    expect(link.getAttribute('href')).toBe('/api/file/1?sig=x');
    expect(screen.getByText('plain.xlsx')).toBeTruthy();
    expect(screen.getByText('300 B')).toBeTruthy();
    expect(screen.getByText('3.0 MB')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
  });

  it('deletes only after the confirmation', async () => {
    const onDelete = vi.fn();
    renderList(<FileList files={files} onDelete={onDelete} />, 'zh');
    fireEvent.click(screen.getByRole('button', { name: '删除 合同 2026.pdf' }));
    expect(await screen.findByText('删除“合同 2026.pdf”？')).toBeTruthy();
    expect(onDelete).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: /删\s*除$/ }));
    await waitFor(() => expect(onDelete).toHaveBeenCalledWith(files[0]));
  });

  it('shows an image’s thumbnail in place of the file icon', () => {
    const photo = { ...files[1]!, id: '3', name: 'a.jpg', thumbnailUrl: '/api/file/3/thumbnail?sig=t' };
    const { container } = renderList(<FileList files={[files[0]!, photo]} />);
    const thumbnails = container.querySelectorAll('img');
    expect(thumbnails).toHaveLength(1);
    expect(thumbnails[0]!.getAttribute('src')).toBe('/api/file/3/thumbnail?sig=t');
  });

  it('says when there are no files', () => {
    renderList(<FileList files={[]} />);
    expect(screen.getByText('No files')).toBeTruthy();
  });
});
