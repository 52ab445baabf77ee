import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { type ReactNode, useEffect, useMemo } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { queryClient } from '../api/query-client';
import { useEnvironment } from '../components/use-environment';
import { useReducedMotion } from '../components/use-reduced-motion';
import { i18n } from '../i18n/i18n';
import { ApiFeedback } from './api-feedback';
import { primaryColor, themeFor } from './theme';

function ThemedApp({ children }: { children: ReactNode }) {
  const { i18n: current } = useTranslation();
  const locale = current.language === 'en' ? enUS : zhCN;
  const environment = useEnvironment();
  const reducedMotion = useReducedMotion();
  const theme = useMemo(() => themeFor(environment, reducedMotion), [environment, reducedMotion]);

  useEffect(() => {
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', primaryColor(environment));
    document.documentElement.dataset.environment = environment;
  }, [environment]);

  return (
    // Two-character Chinese buttons keep their text as written ("登录", not "登 录").
    <ConfigProvider locale={locale} theme={theme} button={{ autoInsertSpace: false }}>
      <ApiFeedback />
      {children}
    </ConfigProvider>
  );
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ThemedApp>{children}</ThemedApp>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
