import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error';
import { createTestI18n, renderWidget } from './test-utils';
import { ToastHost } from './toast';
import { isAcceptedUpload, UPLOAD_ACCEPT, UploadPicker, uploadProblem } from './upload-picker';
import type { WidgetsT } from './widgets-i18n';

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

describe('UploadPicker with its own types and a field for refusals', () => {
  afterEach(cleanup);

  it('accepts only the given extensions and hands refusals to the field instead of a toast', async () => {
    const onPick = vi.fn();
    const onRefuse = vi.fn();
    renderWidget(<UploadPicker extensions={['xlsx']} onPick={onPick} onRefuse={onRefuse} />);
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input.accept).toBe('.xlsx');
    const pdf = new File(['%PDF'], 'report.pdf');
    await act(async () => {
      fireEvent.change(input, { target: { files: [pdf] } });
    });
    await waitFor(() => expect(onRefuse).toHaveBeenCalledWith([pdf], 'Only xlsx files are accepted'));
    expect(onPick).not.toHaveBeenCalled();
  });
});

describe('uploadProblem', () => {
  const t = createTestI18n('en').t as unknown as WidgetsT;
  const refused = new ApiError({
    code: 415,
    status: 415,
    reason: 'E_FILE_TYPE',
    message: 'Only pdf… accepted',
  });

  it('names the content as the reason when the server refuses a name the picker accepted', () => {
    expect(uploadProblem('report.pdf', refused, t)).toBe(
      'report.pdf is not a real PDF file: its content does not match its name. It may be damaged, or renamed from another type.',
    );
  });

  it('passes any other refusal on with the file name', () => {
    const big = new ApiError({
      code: 413,
      status: 413,
      reason: 'E_UPLOAD_TOO_BIG',
      message: 'The image is too big',
    });
    expect(uploadProblem('photo.png', big, t)).toBe('photo.png: The image is too big');
    expect(uploadProblem('tool.exe', refused, t)).toBe('tool.exe: Only pdf… accepted');
  });
});
