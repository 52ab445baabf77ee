import { Card, Col, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSignedIn } from '../../api/session';
import { currentLanguage } from '../../i18n/i18n';

const { Title, Paragraph } = Typography;

/** Spec §2 Help (public): how to sign in, find one's way, and whom to ask; links fit who reads it. */
export function HelpPage() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const signedIn = useSignedIn();
  const sections = [
    { key: 'signIn', title: t('help.signInTitle'), body: t('help.signInBody') },
    { key: 'password', title: t('help.passwordTitle'), body: t('help.passwordBody') },
    { key: 'menu', title: t('help.menuTitle'), body: t('help.menuBody') },
    { key: 'environment', title: t('help.environmentTitle'), body: t('help.environmentBody') },
    { key: 'language', title: t('help.languageTitle'), body: t('help.languageBody') },
    { key: 'contact', title: t('help.contactTitle'), body: t('help.contactBody') },
  ];
  return (
    <Card
      title={<h1 style={{ fontSize: 20, fontWeight: 600, margin: 0 }}>{t('help.title')}</h1>}
      data-testid="help-page"
    >
      <Paragraph>{t('help.intro')}</Paragraph>
      <Row gutter={[24, 8]}>
        {sections.map((section) => (
          <Col xs={24} md={12} key={section.key}>
            <Title level={2} style={{ fontSize: 16 }}>
              {section.title}
            </Title>
            <Paragraph type="secondary">{section.body}</Paragraph>
          </Col>
        ))}
      </Row>
      {/* Signed in, the way on is home or one's own account (password, language), not signing in. */}
      {signedIn ? (
        <Paragraph data-testid="help-links">
          <Link to={`/${language}`}>{t('help.toHome')}</Link> ·{' '}
          <Link to={`/${language}/settings`}>{t('help.toSettings')}</Link>
        </Paragraph>
      ) : (
        <Paragraph data-testid="help-links">
          <Link to={`/${language}/login`}>{t('help.toLogin')}</Link> ·{' '}
          <Link to={`/${language}/forgetpassword`}>{t('help.toForgot')}</Link>
        </Paragraph>
      )}
    </Card>
  );
}
