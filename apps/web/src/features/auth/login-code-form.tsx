import { MailOutlined, SafetyOutlined } from '@ant-design/icons';
import { EMAIL_CODE_LENGTH, EMAIL_CODE_MINUTES } from '@qcdesk/contract/constants';
import { Alert, Button, Checkbox, Form, Input, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../components/notify';
import { useCodeLogin, useSendLoginCode } from './api';
import { useSignIn } from './use-sign-in';

interface Values {
  account: string;
  verifyCode: string;
  remember: boolean;
}

/** Seconds before another code may be asked for. */
const RESEND_SECONDS = 60;

/** Password-free sign-in: a code mailed to the account's mailbox (10 minutes, 5 tries). */
export function LoginCodeForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const send = useSendLoginCode();
  const login = useCodeLogin();
  const { signedIn, unverified } = useSignIn();
  const [wait, setWait] = useState(0);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = setTimeout(() => setWait((s) => s - 1), 1000);
    return () => clearTimeout(timer);
  }, [wait]);

  const sendCode = async () => {
    const { account } = await form.validateFields(['account']);
    send.mutate(
      { account: account.trim() },
      {
        onSuccess: () => {
          notify('success', t('login.codeSent', { minutes: EMAIL_CODE_MINUTES }));
          setWait(RESEND_SECONDS);
        },
      },
    );
  };

  const submit = (values: Values) => {
    login.mutate(
      { account: values.account.trim(), verifyCode: values.verifyCode.trim(), remember: values.remember },
      {
        onSuccess: (session) => signedIn(session, values.remember),
        onError: (error) => {
          unverified(error, values.remember);
        },
      },
    );
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ account: '', verifyCode: '', remember: false }}
      onFinish={submit}
      data-testid="login-code-form"
    >
      {login.isError ? (
        <Alert type="error" showIcon title={login.error.message} style={{ marginBottom: 16 }} role="alert" />
      ) : null}
      <Form.Item
        name="account"
        label={t('login.account')}
        extra={t('login.accountHint')}
        rules={[{ required: true, whitespace: true, message: t('login.accountRequired') }]}
      >
        <Input prefix={<MailOutlined aria-hidden />} autoComplete="username" size="large" />
      </Form.Item>
      <Form.Item label={t('login.code')} required>
        <Space.Compact style={{ width: '100%' }}>
          <Form.Item
            name="verifyCode"
            noStyle
            rules={[
              { required: true, whitespace: true, message: t('login.codeRequired') },
              {
                pattern: new RegExp(`^\\d{${EMAIL_CODE_LENGTH}}$`),
                message: t('login.codeFormat', { n: EMAIL_CODE_LENGTH }),
              },
            ]}
          >
            <Input
              prefix={<SafetyOutlined aria-hidden />}
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={EMAIL_CODE_LENGTH}
              size="large"
              aria-label={t('login.code')}
            />
          </Form.Item>
          <Button size="large" onClick={() => void sendCode()} disabled={wait > 0} loading={send.isPending}>
            {wait > 0 ? t('login.resendIn', { seconds: wait }) : t('login.sendCode')}
          </Button>
        </Space.Compact>
      </Form.Item>
      <Form.Item name="remember" valuePropName="checked">
        <Checkbox>{t('login.remember')}</Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" block size="large" loading={login.isPending}>
        {t('login.submit')}
      </Button>
    </Form>
  );
}
