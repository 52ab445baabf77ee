import { KeyOutlined } from '@ant-design/icons';
import type { Language } from '@qcdesk/contract/messages';
import { isModuleCode, MODULE_LABELS, POSITIONS } from '@qcdesk/contract/roles';
import { Alert, Button, Card, Col, Descriptions, Flex, Form, Row, Select, Skeleton, Switch, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '../../api/session';
import { ButtonLink } from '../../components/button-link';
import { notify } from '../../components/notify';
import { useLeaveGuard } from '../../components/use-leave-guard';
import { currentLanguage, i18n } from '../../i18n/i18n';
import { rememberLanguage } from '../../i18n/language';
import { useUpdateUserSetting, useUserSetting } from './api';
import { SignatureCard } from './signature-card';

type LanguageChoice = Language | 'browser';

interface Values {
  language: LanguageChoice;
  notifyByMail: boolean;
}

const heading = { fontSize: 18, fontWeight: 600, margin: 0 } as const;

/** The signed-in user's own account and preferences (spec §2 settings). */
export function SettingsPage() {
  const { t } = useTranslation();
  const session = useSession();
  const setting = useUserSetting();
  const update = useUpdateUserSetting();
  const navigate = useNavigate();
  const location = useLocation();
  const language = currentLanguage();
  // Changed preferences ask before the page is left, until saved.
  const guard = useLeaveGuard();

  const save = (values: Values) => {
    if (!setting.data) return;
    const chosen = values.language === 'browser' ? null : values.language;
    update.mutate(
      { version: setting.data.version, language: chosen, notifyByMail: values.notifyByMail },
      {
        onSuccess: () => {
          guard.settle();
          notify('success', t('settings.saved'));
          if (chosen && chosen !== language) {
            rememberLanguage(chosen);
            void i18n.changeLanguage(chosen);
            const rest = location.pathname.split('/').slice(2).join('/');
            void navigate(`/${chosen}/${rest}`, { replace: true });
          }
        },
      },
    );
  };

  const position = POSITIONS.find((p) => p.code === session?.position);
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        <Card title={<h1 style={heading}>{t('settings.title')}</h1>} data-testid="settings-profile">
          {session ? (
            <Descriptions
              column={1}
              size="small"
              items={[
                { key: 'name', label: t('settings.name'), children: session.name },
                {
                  key: 'englishName',
                  label: t('settings.englishName'),
                  children: session.englishName ?? '—',
                },
                { key: 'username', label: t('settings.username'), children: session.username },
                { key: 'role', label: t('settings.role'), children: session.title },
                { key: 'department', label: t('settings.department'), children: session.department },
                {
                  key: 'position',
                  label: t('settings.position'),
                  children: position ? position[language] : '—',
                },
                {
                  key: 'modules',
                  label: t('settings.modules'),
                  children: (
                    <Flex wrap gap={4}>
                      {session.modules.filter(isModuleCode).map((m) => (
                        <Tag key={m}>{MODULE_LABELS[m][language]}</Tag>
                      ))}
                    </Flex>
                  ),
                },
              ]}
            />
          ) : (
            <Skeleton active />
          )}
          <ButtonLink to={`/${language}/password`} icon={<KeyOutlined />} style={{ marginTop: 16 }}>
            {t('settings.changePassword')}
          </ButtonLink>
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title={<h2 style={heading}>{t('settings.preferences')}</h2>} data-testid="settings-preferences">
          {setting.isPending ? <Skeleton active /> : null}
          {setting.isError ? <Alert type="error" showIcon title={setting.error.message} /> : null}
          {setting.data ? (
            <Form<Values>
              layout="vertical"
              initialValues={{
                language: setting.data.language ?? 'browser',
                notifyByMail: setting.data.notifyByMail,
              }}
              onFinish={save}
              onValuesChange={guard.change}
            >
              <Form.Item name="language" label={t('settings.language')} extra={t('settings.languageHint')}>
                <Select<LanguageChoice>
                  options={[
                    { value: 'browser', label: t('settings.languageBrowser') },
                    { value: 'zh', label: t('language.zh') },
                    { value: 'en', label: t('language.en') },
                  ]}
                />
              </Form.Item>
              <Form.Item name="notifyByMail" label={t('settings.notifyByMail')} valuePropName="checked">
                <Switch />
              </Form.Item>
              <Button type="primary" htmlType="submit" loading={update.isPending}>
                {t('settings.save')}
              </Button>
            </Form>
          ) : null}
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <SignatureCard />
      </Col>
    </Row>
  );
}
