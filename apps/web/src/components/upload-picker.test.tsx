import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWidget } from './test-utils';
import { ToastHost } from './toast';
import { isAcceptedUpload, UPLOAD_ACCEPT, UploadPicker } from './upload-picker';

describe('isAcceptedUpload', () => {
  it('accepts the document and image types by file name', () => {
    for (const name of ['a.pdf', 'a.doc', 'a.docx', 'a.xls', 'a.xlsx', 'a.jpg', 'a.jpeg', 'a.png', 'a.bmp']) {
      expect(isAcceptedUpload(name), name).toBe(true);
    }
    expect(isAcceptedUpload('REPORT.PDF')).toBe(true);
    expect(isAcceptedUpload('photo.final.JPG')).toBe(true);
  });

  it('refuses anything else', () => {
    for (const name of ['a.exe', 'a.gif', 'a.pdf.zip', 'pdf', '.pdf', 'a.', 'a.txt']) {
      expect(isAcceptedUpload(name), name).toBe(false);
    }
  });

  it('narrows the file dialog to the same types', () => {
    expect(UPLOAD_ACCEPT).toBe('.pdf,.doc,.docx,.xls,.xlsx,.jpg,.jpeg,.png,.bmp');
  });
});

describe('UploadPicker', () => {
  afterEach(cleanup);

  it('passes accepted files on and refuses the rest with the E_FILE_TYPE text', async () => {
    const onPick = vi.fn();
    renderWidget(
      <>
        <ToastHost />
        <UploadPicker multiple onPick={onPick} />
      </>,
      { language: 'zh' },
    );
    expect(screen.getByRole('button', { name: /选择文件/ })).toBeTruthy();
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    const pdf = new File(['%PDF'], 'report.pdf', { type: 'application/pdf' });
    const exe = new File(['MZ'], 'tool.exe', { type: 'application/octet-stream' });
    await act(async () => {
      fireEvent.change(input, { target: { files: [pdf, exe] } });
    });
    await waitFor(() => expect(onPick).toHaveBeenCalledWith([pdf]));
    expect(await screen.findByText('仅支持pdf、doc、docx、xls、xlsx、jpg、jpeg、png、bmp文件')).toBeTruthy();
  });
});
