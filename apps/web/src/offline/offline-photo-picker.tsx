import { CameraOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LocalPhoto } from './outbox';

/**
 * The photo picker while the report works offline (issue 31): the camera or the gallery, each file
 * kept as it is (its EXIF too) on the device until the outbox is sent; nothing is uploaded now.
 */
export function OfflinePhotoPicker({
  room,
  add,
  onAdded,
}: {
  room: number | undefined;
  add: (file: File) => Promise<LocalPhoto>;
  onAdded: (photos: LocalPhoto[]) => void;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement | null>(null);
  const [busy, setBusy] = useState(false);
  const full = room !== undefined && room <= 0;
  const pick = async (files: File[]) => {
    setBusy(true);
    try {
      const wanted = room === undefined ? files : files.slice(0, Math.max(0, room));
      const added: LocalPhoto[] = [];
      for (const file of wanted) added.push(await add(file));
      if (added.length) onAdded(added);
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };
  // Inside an antd Form (the loading report's) the form's reset shows file inputs as blocks: the
  // inline style keeps this one hidden.
  return (
    <>
      <input
        ref={input}
        type="file"
        accept="image/*"
        multiple
        hidden
        style={{ display: 'none' }}
        data-testid="offline-photo-input"
        onChange={(e) => void pick([...(e.target.files ?? [])])}
      />
      <Button
        icon={<CameraOutlined />}
        loading={busy}
        disabled={full}
        style={{ minHeight: 44 }}
        onClick={() => input.current?.click()}
      >
        {t('inspection-report.offline.addPhoto')}
      </Button>
    </>
  );
}
