import { DownloadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../components/notify';
import { downloadRequirements } from './api';

/** The client's requirements as an XLSX workbook in the UI language (`client/require/download`). */
export function DownloadRequirementsButton({ clientId }: { clientId: string }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      icon={<DownloadOutlined />}
      loading={busy}
      data-testid="client-download"
      onClick={() => {
        setBusy(true);
        downloadRequirements(clientId)
          .then(() => notify('success', t('client.downloadStarted')))
          // A refusal is already toasted by the API client.
          .catch(() => undefined)
          .finally(() => setBusy(false));
      }}
    >
      {t('client.download')}
    </Button>
  );
}
