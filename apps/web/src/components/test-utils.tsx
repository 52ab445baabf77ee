/**
 * Test rendering for the shared widgets: an i18n instance holding only the `widgets` namespace (so
 * the tests do not wait for the shell to merge it), antd's locale and a fresh query client.
 */
import type { Language } from '@qcdesk/contract/messages';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import i18next from 'i18next';
import type { ReactElement } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { widgetsEn } from '../i18n/widgets.en';
import { widgetsZh } from '../i18n/widgets.zh';

export function createTestI18n(language: Language) {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: { en: { translation: { widgets: widgetsEn } }, zh: { translation: { widgets: widgetsZh } } },
    lng: language,
    fallbackLng: false,
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

export function renderWidget(ui: ReactElement, { language = 'en' }: { language?: Language } = {}) {
  const i18n = createTestI18n(language);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const result = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ConfigProvider locale={language === 'en' ? enUS : zhCN}>{ui}</ConfigProvider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { ...result, i18n, queryClient };
}

/** Makes `matchMedia` answer as a phone-sized (or wider) window until the returned function restores it. */
export function pretendPhone(phone = true): () => void {
  const original = window.matchMedia;
  window.matchMedia = (query: string) =>
    ({
      ...original(query),
      matches: phone && query.includes('max-width'),
      addEventListener: () => {},
      removeEventListener: () => {},
    }) as MediaQueryList;
  return () => {
    window.matchMedia = original;
  };
}
