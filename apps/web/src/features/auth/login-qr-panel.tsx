import { ReloadOutlined } from '@ant-design/icons';
import { Button, Flex, Spin, Typography, theme } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { pollQrStatus, useQrToken } from './api';
import { useSignIn } from './use-sign-in';

/** How often the waiting page asks whether the code was confirmed. */
export const QR_POLL_MS = 2_000;

type Ended = 'expired' | 'rejected' | null;

/**
 * Scanner sign-in: the QR code of a one-time token; a user signed in on a phone opens it and confirms,
 * and this page, polling, receives the session.
 */
export function LoginQrPanel() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const start = useQrToken();
  const { signedIn } = useSignIn();
  const signedInRef = useRef(signedIn);
  signedInRef.current = signedIn;
  const [ended, setEnded] = useState<Ended>(null);

  const { mutate } = start;
  const restart = useCallback(() => {
    setEnded(null);
    mutate({});
  }, [mutate]);

  useEffect(() => {
    restart();
  }, [restart]);

  const pollKey = start.data?.pollKey;
  useEffect(() => {
    if (!pollKey || ended) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const answer = await pollQrStatus(pollKey, controller.signal);
        if (answer.status === 'confirmed' && answer.session) {
          signedInRef.current(answer.session, false);
          return;
        }
        if (answer.status === 'expired' || answer.status === 'rejected') {
          setEnded(answer.status);
          return;
        }
      } catch {
        if (controller.signal.aborted) return;
        // A missed poll is retried; the code's own expiry ends the wait.
      }
      timer = setTimeout(() => void poll(), QR_POLL_MS);
    };
    timer = setTimeout(() => void poll(), QR_POLL_MS);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [pollKey, ended]);

  const code = start.data;
  return (
    <Flex vertical align="center" gap={12} data-testid="login-qr-panel">
      <div
        style={{
          position: 'relative',
          width: 208,
          height: 208,
          padding: 4,
          border: `1px solid ${token.colorBorder}`,
          borderRadius: 8,
          background: '#fff',
        }}
      >
        {code ? (
          <img
            src={code.qrCode}
            alt={t('login.qrAlt')}
            width={198}
            height={198}
            data-url={code.url}
            data-testid="login-qr-image"
            style={{ display: 'block', opacity: ended ? 0.15 : 1 }}
          />
        ) : (
          <Flex align="center" justify="center" style={{ height: '100%' }}>
            <Spin aria-label={t('app.loading')} />
          </Flex>
        )}
        {ended ? (
          <Flex vertical align="center" justify="center" gap={8} style={{ position: 'absolute', inset: 0 }}>
            <Typography.Text strong role="status">
              {ended === 'expired' ? t('login.qrExpired') : t('login.qrRejected')}
            </Typography.Text>
            <Button icon={<ReloadOutlined />} onClick={restart} data-testid="login-qr-refresh">
              {t('login.qrRefresh')}
            </Button>
          </Flex>
        ) : null}
      </div>
      <Typography.Paragraph type="secondary" style={{ textAlign: 'center', margin: 0 }}>
        {t('login.qrHint')}
      </Typography.Paragraph>
      {code && !ended ? (
        <Typography.Text
          copyable={{ text: code.url, tooltips: [t('login.qrCopy'), t('login.qrCopied')] }}
          type="secondary"
        >
          {t('login.qrLink')}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
