import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/api-error';
import type { UploadedFile } from '../api/upload';
import { type GalleryPhoto, PhotoGallery, SWIPE_PX } from './photo-gallery';
import { PhotoUpload } from './photo-upload';
import { renderWidget } from './test-utils';

const uploadFile = vi.hoisted(() => vi.fn());
vi.mock('../api/upload', async (original) => ({
  ...(await original<typeof import('../api/upload')>()),
  uploadFile,
}));

// The limits the server answers (upload/limits): here the system's image limit is set to 8 MB.
vi.mock('../api/upload-limits', () => ({ useUploadLimits: () => ({ image: 8, document: 50 }) }));

const photos: GalleryPhoto[] = [1, 2, 3].map((n) => ({
  id: String(n),
  name: `20260102030405Ab12Cd@@样品${n}.jpg`,
  url: `/api/file/${n}?exp=1&sig=full`,
  thumbnailUrl: n === 3 ? null : `/api/file/${n}/thumbnail?exp=1&sig=thumb`,
}));

const counter = () => document.querySelector('.ant-image-preview-progress, [class*="preview-progress"]');
const viewerImage = () => document.querySelector<HTMLImageElement>('.ant-image-preview-img');

describe('PhotoGallery', () => {
  afterEach(cleanup);

  it('shows a thumbnail strip (the full image where there is no thumbnail), or its empty text', () => {
    renderWidget(<PhotoGallery photos={photos} />);
    const images = screen.getAllByRole('img', { name: /样品/ }) as HTMLImageElement[];
    expect(images.map((i) => i.getAttribute('src'))).toEqual([
      '/api/file/1/thumbnail?exp=1&sig=thumb',
      '/api/file/2/thumbnail?exp=1&sig=thumb',
      '/api/file/3?exp=1&sig=full',
    ]);
    expect(images[0]!.getAttribute('alt')).toBe('样品1.jpg');
    cleanup();
    renderWidget(<PhotoGallery photos={[]} />, { language: 'zh' });
    expect(screen.getByText('暂无照片')).toBeTruthy();
  });

  it('opens the viewer on the clicked photo and pages with buttons, arrows and swipes; Escape closes', async () => {
    renderWidget(<PhotoGallery photos={photos} />);
    // No full image is loaded before the viewer opens.
    expect(viewerImage()).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Open photo 2 of 3: 样品2.jpg' }));
    await waitFor(() => expect(counter()?.textContent).toBe('2 / 3'));
    expect(viewerImage()?.getAttribute('src')).toBe('/api/file/2?exp=1&sig=full');

    fireEvent.click(screen.getByRole('button', { name: 'Next photo' }));
    await waitFor(() => expect(counter()?.textContent).toBe('3 / 3'));
    fireEvent.keyDown(window, { key: 'ArrowLeft', keyCode: 37 });
    await waitFor(() => expect(counter()?.textContent).toBe('2 / 3'));
    fireEvent.keyDown(window, { key: 'ArrowRight', keyCode: 39 });
    await waitFor(() => expect(counter()?.textContent).toBe('3 / 3'));

    const viewer = screen.getByTestId('photo-viewer');
    // A swipe to the right goes back; a short or mostly vertical move does nothing.
    fireEvent.touchStart(viewer, { touches: [{ clientX: 200, clientY: 300 }] });
    fireEvent.touchEnd(viewer, { changedTouches: [{ clientX: 200 + SWIPE_PX + 10, clientY: 310 }] });
    await waitFor(() => expect(counter()?.textContent).toBe('2 / 3'));
    fireEvent.touchStart(viewer, { touches: [{ clientX: 200, clientY: 300 }] });
    fireEvent.touchEnd(viewer, { changedTouches: [{ clientX: 180, clientY: 300 }] });
    fireEvent.touchStart(viewer, { touches: [{ clientX: 200, clientY: 300 }] });
    fireEvent.touchEnd(viewer, { changedTouches: [{ clientX: 120, clientY: 500 }] });
    expect(counter()?.textContent).toBe('2 / 3');
    fireEvent.touchStart(viewer, { touches: [{ clientX: 300, clientY: 300 }] });
    fireEvent.touchEnd(viewer, { changedTouches: [{ clientX: 100, clientY: 290 }] });
    await waitFor(() => expect(counter()?.textContent).toBe('3 / 3'));

    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape', keyCode: 27 });
    // Closing: the viewer fades out (jsdom never ends the transition).
    await waitFor(() =>
      expect(document.querySelector('[role="dialog"]')?.className).toMatch(/preview-fade-leave/),
    );
  });

  it('offers removing each photo', () => {
    const onRemove = vi.fn();
    renderWidget(<PhotoGallery photos={photos} onRemove={onRemove} />, { language: 'zh' });
    fireEvent.click(screen.getByRole('button', { name: '删除样品2.jpg' }));
    expect(onRemove).toHaveBeenCalledWith(photos[1]);
  });
});

const stored = (n: number): UploadedFile => ({
  id: String(n),
  name: `p${n}.jpg`,
  size: 1000,
  updateTime: '2026-01-01T00:00:00.000Z',
  url: `/api/file/${n}?sig=f`,
  thumbnailUrl: `/api/file/${n}/thumbnail?sig=t`,
  contentType: 'image/jpeg',
  kind: 'image',
  sha256: 'x',
});

describe('PhotoUpload', () => {
  beforeEach(() => uploadFile.mockReset());
  afterEach(cleanup);

  const pick = async (...files: File[]) => {
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input.accept).toBe('.jpg,.jpeg,.png,.bmp');
    await act(async () => {
      fireEvent.change(input, { target: { files } });
    });
  };

  it('uploads picked images as photos and shows them; refuses too big ones before sending', async () => {
    uploadFile.mockResolvedValueOnce(stored(7));
    const onChange = vi.fn();
    renderWidget(<PhotoUpload value={[]} onChange={onChange} maxMb={1} />, { language: 'zh' });
    expect(screen.getByText('jpg、jpeg、png、bmp，每张不超过1MB')).toBeTruthy();
    const small = new File([new Uint8Array(10)], 'a.jpg', { type: 'image/jpeg' });
    const big = new File([new Uint8Array(1024 * 1024 + 1)], 'b.png', { type: 'image/png' });
    await pick(small, big);
    await waitFor(() => expect(onChange).toHaveBeenCalledWith([stored(7)]));
    expect(uploadFile).toHaveBeenCalledTimes(1);
    expect(uploadFile).toHaveBeenCalledWith(small, 'zh', { silent: true, photo: { maxMb: 1 } });
    expect(screen.getByRole('alert').textContent).toBe('b.png: 文件不能超过1MB');
  });

  it('shows the server’s refusal at the field, and removes a photo', async () => {
    uploadFile.mockRejectedValueOnce(
      new ApiError({ code: 415, status: 415, reason: 'E_IMAGE_ONLY', message: 'Only images' }),
    );
    const onChange = vi.fn();
    renderWidget(<PhotoUpload value={[stored(1), stored(2)]} onChange={onChange} />);
    // Without a limit of its own the field states and sends the system's image limit.
    expect(screen.getByText('jpg, jpeg, png or bmp, at most 8 MB each')).toBeTruthy();
    await pick(new File(['x'], 'c.jpg', { type: 'image/jpeg' }));
    expect(uploadFile).toHaveBeenCalledWith(expect.anything(), 'en', { silent: true, photo: { maxMb: 8 } });
    expect((await screen.findByRole('alert')).textContent).toBe('c.jpg: Only images');
    fireEvent.click(screen.getByRole('button', { name: 'Remove p1.jpg' }));
    expect(onChange).toHaveBeenCalledWith([stored(2)]);
  });
});
