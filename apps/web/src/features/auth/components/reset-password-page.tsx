import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons'
import { EMAIL_PATTERN, TELEPHONE_PATTERN, type VerifyChannel } from '@rs/shared'
import { Button, Card, Form, Input, Radio, Result, Tabs } from 'antd'
import { useEffect, useState } from 'react'
import { useSearchParams } from 'react-router'
import { Link } from '../../../components/link'
import { errorMessage } from '../../../lib/api-client'
import { useT } from '../../../lib/i18n'
import { notify } from '../../../lib/notify'
import { changePasswordWithOld, resetPasswordByCode, verifyCode } from '../api/account'
import type { Captcha } from '../api/fetch-captcha'
import { openLogin } from '../state/auth-store'
import { startSession } from '../state/session'
import { useCaptcha } from '../state/use-captcha'
import { AccountSteps } from './account-steps'
import { CaptchaImage } from './captcha-image'
import { CodeSender } from './code-sender'
import { PasswordRules } from './password-rules'
import { passwordRule } from './register-page'

interface NewPasswordForm {
  password: string
  passwordConfirm: string
}

function confirmRule(t: ReturnType<typeof useT>, field: string) {
  return ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
    validator: async (_r: unknown, v: string | undefined) => {
      if (!v) throw new Error(t('account.validation.passwordRequired'))
      if (v !== getFieldValue(field)) throw new Error(t('account.validation.passwordMismatch'))
    },
  })
}

/** Reset by a code to the account's e-mail or telephone: verify → new password → result (logged in). */
function ResetByCode() {
  const t = useT()
  const [step, setStep] = useState(0)
  const [channel, setChannel] = useState<VerifyChannel>('email')
  const [addressForm] = Form.useForm<{ address: string; code: string }>()
  const [passwordForm] = Form.useForm<NewPasswordForm>()
  const [sentWith, setSentWith] = useState<Captcha | null>(null)
  const [verified, setVerified] = useState<{ address: string; code: string } | null>(null)
  const [isBusy, setIsBusy] = useState(false)
  const [done, setDone] = useState<{ username: string; loggedIn: boolean } | null>(null)
  const password = Form.useWatch('password', passwordForm) ?? ''

  const getAddress = async () => {
    try {
      const { address } = await addressForm.validateFields(['address'])
      return address.trim()
    } catch {
      return undefined
    }
  }

  const handleCheck = async () => {
    if (!sentWith) return
    try {
      const { address, code } = await addressForm.validateFields()
      setIsBusy(true)
      await verifyCode('reset', channel, address, code, sentWith)
      setVerified({ address: address.trim(), code: code.trim() })
      setStep(1)
    } catch (error) {
      if (error && typeof error === 'object' && 'errorFields' in error) return
      notify.error(errorMessage(error))
    } finally {
      setIsBusy(false)
    }
  }

  const handleReset = async (values: NewPasswordForm) => {
    if (!verified || !sentWith) return
    setIsBusy(true)
    try {
      const result = await resetPasswordByCode(channel, verified.address, verified.code, values.password, sentWith)
      if (result.token) await startSession(result.token, { checkPassword: false })
      setDone({ username: result.username, loggedIn: result.token !== null })
      setStep(2)
    } catch (error) {
      notify.error(errorMessage(error))
    } finally {
      setIsBusy(false)
    }
  }

  return (
    <div data-testid="reset-by-code">
      <AccountSteps
        current={step}
        titles={[t('account.steps.resetAccount'), t('account.steps.resetPassword'), t('account.steps.resetResult')]}
      />
      {step === 0 && (
        <Form form={addressForm} layout="vertical" autoComplete="off">
          <Form.Item>
            <Radio.Group
              value={channel}
              onChange={(e) => {
                setChannel(e.target.value)
                setSentWith(null)
                addressForm.resetFields()
              }}
              optionType="button"
              options={[
                { value: 'email', label: t('account.reset.byEmail') },
                { value: 'telephone', label: t('account.reset.byTelephone') },
              ]}
              data-testid="reset-channel"
            />
          </Form.Item>
          <Form.Item
            name="address"
            label={t(channel === 'email' ? 'account.reset.email' : 'account.reset.telephone')}
            rules={[
              {
                required: true,
                whitespace: true,
                message: t(channel === 'email' ? 'account.validation.emailRequired' : 'account.validation.telephoneRequired'),
              },
              {
                validator: async (_r, v: string | undefined) => {
                  const value = (v ?? '').trim()
                  if (!value) return
                  if (channel === 'email' && !EMAIL_PATTERN.test(value.toLowerCase())) throw new Error(t('account.validation.emailFormat'))
                  if (channel === 'telephone' && !TELEPHONE_PATTERN.test(value)) throw new Error(t('account.validation.telephoneFormat'))
                },
              },
            ]}
          >
            <Input prefix={<UserOutlined />} maxLength={254} data-testid="reset-address" />
          </Form.Item>
          <Form.Item label={t('account.code.captcha')}>
            <CodeSender key={channel} purpose="reset" channel={channel} getAddress={getAddress} onSent={setSentWith} />
          </Form.Item>
          <Form.Item
            name="code"
            label={t('account.code.label')}
            rules={[{ required: true, pattern: /^\d{6}$/, message: t('account.code.required') }]}
          >
            <Input
              prefix={<SafetyOutlined />}
              placeholder={t('account.code.placeholder')}
              inputMode="numeric"
              maxLength={6}
              data-testid="reset-code"
            />
          </Form.Item>
          <div className="account-actions">
            <Button type="primary" disabled={!sentWith} loading={isBusy} onClick={() => void handleCheck()} data-testid="reset-next">
              {t('account.register.next')}
            </Button>
          </div>
        </Form>
      )}
      {step === 1 && (
        <Form form={passwordForm} layout="vertical" autoComplete="off" onFinish={(v) => void handleReset(v)}>
          <Form.Item name="password" required label={t('account.reset.newPassword')} rules={[passwordRule(t, () => '')]}>
            <Input.Password prefix={<LockOutlined />} maxLength={128} data-testid="reset-password" autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="passwordConfirm"
            required
            label={t('account.reset.newPasswordConfirm')}
            dependencies={['password']}
            rules={[confirmRule(t, 'password')]}
          >
            <Input.Password prefix={<LockOutlined />} maxLength={128} data-testid="reset-password-confirm" autoComplete="new-password" />
          </Form.Item>
          <PasswordRules password={password} username="" />
          <div className="account-actions">
            <Button onClick={() => setStep(0)}>{t('account.register.previous')}</Button>
            <Button type="primary" htmlType="submit" loading={isBusy} data-testid="reset-submit">
              {t('account.reset.submit')}
            </Button>
          </div>
        </Form>
      )}
      {step === 2 && done && (
        <Result
          status="success"
          title={t('account.reset.successTitle')}
          subTitle={t(done.loggedIn ? 'account.reset.successText' : 'account.reset.successTextNoLogin', { name: done.username })}
          extra={
            done.loggedIn ? (
              <Link to="/home">
                <Button type="primary" data-testid="reset-go-home">
                  {t('account.reset.goHome')}
                </Button>
              </Link>
            ) : (
              <Button type="primary" onClick={() => openLogin()}>
                {t('account.reset.goLogin')}
              </Button>
            )
          }
        />
      )}
    </div>
  )
}

interface ChangeForm {
  username: string
  oldPassword: string
  newPassword: string
  newPasswordConfirm: string
  captcha: string
}

/** The change with the old password (POST passwordv2): the 30-day warning's form. */
function ChangeWithOld() {
  const t = useT()
  const [form] = Form.useForm<ChangeForm>()
  const { captcha, captchaState, refresh } = useCaptcha()
  const [isBusy, setIsBusy] = useState(false)
  const newPassword = Form.useWatch('newPassword', form) ?? ''
  const username = Form.useWatch('username', form) ?? ''
  useEffect(() => {
    void refresh()
  }, [refresh])

  const handleFinish = async (values: ChangeForm) => {
    if (!captcha) return
    setIsBusy(true)
    try {
      await changePasswordWithOld(values, captcha)
      notify.success(t('account.reset.changed'))
      form.resetFields()
      openLogin()
    } catch (error) {
      notify.error(errorMessage(error))
    } finally {
      setIsBusy(false)
      form.setFieldValue('captcha', '')
      void refresh()
    }
  }

  return (
    <Form form={form} layout="vertical" autoComplete="off" onFinish={(v) => void handleFinish(v)} data-testid="change-password">
      <p className="account-card__intro">{t('account.reset.changeIntro')}</p>
      <Form.Item
        name="username"
        label={t('login.username')}
        rules={[{ required: true, whitespace: true, message: t('login.usernameRequired') }]}
      >
        <Input prefix={<UserOutlined />} maxLength={64} autoComplete="username" />
      </Form.Item>
      <Form.Item
        name="oldPassword"
        label={t('account.reset.oldPassword')}
        rules={[{ required: true, message: t('login.passwordRequired') }]}
      >
        <Input.Password prefix={<LockOutlined />} maxLength={128} autoComplete="current-password" />
      </Form.Item>
      <Form.Item
        name="newPassword"
        required
        label={t('account.reset.newPassword')}
        dependencies={['username']}
        rules={[passwordRule(t, () => form.getFieldValue('username') ?? '')]}
      >
        <Input.Password prefix={<LockOutlined />} maxLength={128} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="newPasswordConfirm"
        required
        label={t('account.reset.newPasswordConfirm')}
        dependencies={['newPassword']}
        rules={[confirmRule(t, 'newPassword')]}
      >
        <Input.Password prefix={<LockOutlined />} maxLength={128} autoComplete="new-password" />
      </Form.Item>
      <PasswordRules password={newPassword} username={username} />
      <Form.Item label={t('login.captcha')} required>
        <div className="code-sender__captcha">
          <Form.Item name="captcha" noStyle rules={[{ required: true, whitespace: true, message: t('login.captchaRequired') }]}>
            <Input prefix={<SafetyOutlined />} maxLength={16} placeholder={t('login.captchaPlaceholder')} />
          </Form.Item>
          <CaptchaImage
            svg={captcha?.svg ?? null}
            isLoading={captchaState === 'loading'}
            isFailed={captchaState === 'failed'}
            onRefresh={() => void refresh()}
          />
        </div>
      </Form.Item>
      <div className="account-actions">
        <Button type="primary" htmlType="submit" loading={isBusy}>
          {t('account.reset.changeSubmit')}
        </Button>
      </div>
    </Form>
  )
}

/** /resetPassword: by a code (default; the upgrade popup of login code 2 leads here) or with the old password (?mode=change, the 30-day warning). */
export function ResetPasswordPage() {
  const t = useT()
  const [params, setParams] = useSearchParams()
  const mode = params.get('mode') === 'change' ? 'change' : 'code'
  return (
    <div className="account-page" data-testid="reset-password-page">
      <Card className="account-card" title={t('account.reset.title')}>
        <Tabs
          activeKey={mode}
          onChange={(key) => setParams(key === 'change' ? { mode: 'change' } : {}, { replace: true })}
          items={[
            {
              key: 'code',
              label: t('account.reset.codeTab'),
              children: (
                <>
                  <p className="account-card__intro">{t('account.reset.intro')}</p>
                  <ResetByCode />
                </>
              ),
            },
            { key: 'change', label: t('account.reset.changeTab'), children: <ChangeWithOld /> },
          ]}
        />
      </Card>
    </div>
  )
}
