/**
 * Photos of a record (issue 15: check items, inspections): a strip of thumbnails (the files area's
 * `thumbnailUrl`, docs/adr/0014-thumbnails.md); a click opens antd's image viewer on that photo,
 * which pages through all of them (previous/next buttons, ← →, a swipe at phone width, the counter
 * "2 / 5", Escape closes) and loads the full image only when it is shown.
 *
 * PhotoGallery props: photos ({id, name, url, thumbnailUrl?}[]), onRemove?(photo) (a remove button
 * on each thumbnail), size? (thumbnail px, 88), emptyText?
 */
import { CloseOutlined, PictureOutlined } from '@ant-design/icons';
import { fileDisplayName } from '@qcdesk/contract/files';
import { Button, Image, Typography, theme } from 'antd';
import { type ReactNode, type TouchEvent, useRef, useState } from 'react';
import { fileHref } from '../api/upload';
import { useWidgetsTranslation } from './widgets-i18n';

export interface GalleryPhoto {
  id: string;
  /** The stored name; the gallery shows the part after the file marker. */
  name: string;
  /** The signed URL of the full image. */
  url: string;
  /** The signed URL of its thumbnail; without one the strip shows the full image, scaled. */
  thumbnailUrl?: string | null | undefined;
}

export interface PhotoGalleryProps {
  photos: readonly GalleryPhoto[];
  onRemove?: ((photo: GalleryPhoto) => void) | undefined;
  size?: number;
  emptyText?: ReactNode;
}

/** Horizontal travel (px) that counts as a swipe to the next or previous photo. */
export const SWIPE_PX = 50;

function Thumbnail({ photo, size }: { photo: GalleryPhoto; size: number }) {
  const { t } = useWidgetsTranslation();
  const [failed, setFailed] = useState(false);
  if (failed)
    return (
      <span
        role="img"
        aria-label={t('widgets.photos.unavailable')}
        style={{ display: 'grid', placeItems: 'center', width: size, height: size, fontSize: size / 3 }}
      >
        <PictureOutlined />
      </span>
    );
  return (
    <img
      src={fileHref(photo.thumbnailUrl ?? photo.url)}
      alt={fileDisplayName(photo.name)}
      loading="lazy"
      width={size}
      height={size}
      onError={() => setFailed(true)}
      style={{ objectFit: 'cover', display: 'block', width: size, height: size }}
    />
  );
}

export function PhotoGallery({ photos, onRemove, size = 88, emptyText }: PhotoGalleryProps) {
  const { t } = useWidgetsTranslation();
  const { token } = theme.useToken();
  const [open, setOpen] = useState(false);
  const [current, setCurrent] = useState(0);
  const touchStart = useRef<{ x: number; y: number } | null>(null);

  if (photos.length === 0)
    return <Typography.Text type="secondary">{emptyText ?? t('widgets.photos.empty')}</Typography.Text>;

  const total = photos.length;
  // antd's viewer sets its own icons (no way to name its previous/next buttons): name them here.
  const nameSwitches = (viewer: HTMLDivElement | null) => {
    const root = viewer?.closest('[class*="-image-preview"]:not([class*="-image-preview-"])') ?? document;
    const label = (side: string, text: string) =>
      root.querySelectorAll(`[class*="-image-preview-switch-${side}"]`).forEach((button) => {
        button.setAttribute('aria-label', text);
        button.setAttribute('title', text);
      });
    label('prev', t('widgets.photos.previous'));
    label('next', t('widgets.photos.next'));
  };
  const go = (index: number) => setCurrent(Math.min(total - 1, Math.max(0, index)));
  const onTouchStart = (event: TouchEvent) => {
    const touch = event.touches[0];
    touchStart.current = event.touches.length === 1 && touch ? { x: touch.clientX, y: touch.clientY } : null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touchStart.current;
    const touch = event.changedTouches[0];
    touchStart.current = null;
    if (!start || !touch) return;
    const dx = touch.clientX - start.x;
    if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(touch.clientY - start.y))
      go(current + (dx < 0 ? 1 : -1));
  };

  return (
    <>
      <ul
        aria-label={t('widgets.photos.label')}
        style={{ display: 'flex', flexWrap: 'wrap', gap: 8, listStyle: 'none', margin: 0, padding: 0 }}
      >
        {photos.map((photo, index) => {
          const name = fileDisplayName(photo.name);
          return (
            <li key={photo.id} style={{ position: 'relative', width: size, height: size }}>
              <button
                type="button"
                aria-label={t('widgets.photos.open', { n: index + 1, total, name })}
                title={name}
                onClick={() => {
                  setCurrent(index);
                  setOpen(true);
                }}
                style={{
                  padding: 0,
                  border: `1px solid ${token.colorBorderSecondary}`,
                  borderRadius: token.borderRadius,
                  overflow: 'hidden',
                  cursor: 'zoom-in',
                  background: token.colorFillQuaternary,
                  color: token.colorTextTertiary,
                }}
              >
                <Thumbnail photo={photo} size={size - 2} />
              </button>
              {onRemove && (
                <Button
                  size="small"
                  shape="circle"
                  danger
                  icon={<CloseOutlined />}
                  aria-label={t('widgets.photos.remove', { name })}
                  title={t('widgets.photos.remove', { name })}
                  onClick={() => onRemove(photo)}
                  style={{ position: 'absolute', top: -8, right: -8 }}
                />
              )}
            </li>
          );
        })}
      </ul>
      <Image.PreviewGroup
        items={photos.map((photo) => ({ src: fileHref(photo.url), alt: fileDisplayName(photo.name) }))}
        preview={{
          open,
          current,
          onOpenChange: (next) => setOpen(next),
          onChange: (next) => go(next),
          movable: false,
          countRender: (n, count) => (
            <span aria-live="polite">{t('widgets.photos.counter', { current: n, total: count })}</span>
          ),
          imageRender: (node) => (
            <div
              data-testid="photo-viewer"
              ref={nameSwitches}
              onTouchStart={onTouchStart}
              onTouchEnd={onTouchEnd}
            >
              {node}
            </div>
          ),
        }}
      />
    </>
  );
}
