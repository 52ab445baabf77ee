import { ClockCircleOutlined } from '@ant-design/icons';
import { MODULE_LABELS } from '@qcdesk/contract/roles';
import { Result } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import { ButtonLink } from '../../components/button-link';
import { currentLanguage } from '../../i18n/i18n';
import { currentRouteName, routeDef } from '../../lib/route-handle';

/**
 * A screen of spec §2 that a later release builds. The user holds its permission (the guard let
 * them in), so they learn the area exists and is on its way, never a blank page.
 */
export function ComingSoonPage({ extra }: { extra?: ReactNode }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const name = currentRouteName(useMatches());
  const def = name ? routeDef(name) : undefined;
  const area = def ? def.label[language] : t('comingSoon.thisArea');
  const module = def ? MODULE_LABELS[def.module][language] : undefined;

  return (
    <Result
      icon={<ClockCircleOutlined />}
      title={<h1 style={{ fontSize: 24, margin: 0 }}>{t('comingSoon.title', { area })}</h1>}
      subTitle={module ? t('comingSoon.subtitle', { module }) : t('comingSoon.subtitleNoModule')}
      extra={
        <>
          {extra}
          <ButtonLink to={`/${language}`} type="primary">
            {t('comingSoon.home')}
          </ButtonLink>
        </>
      }
      data-testid="coming-soon-page"
      data-route={name}
    />
  );
}
