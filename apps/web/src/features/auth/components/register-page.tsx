import {
  EMAIL_PATTERN,
  INDUSTRIES,
  ORGANIZATION_TYPES,
  passwordWeakness,
  TELEPHONE_PATTERN,
  USERNAME_PATTERN,
  type VerifyChannel,
} from '@rs/shared'
import { Button, Card, Checkbox, Col, Form, Input, Modal, Radio, Result, Row, Select } from 'antd'
import type { Rule } from 'antd/es/form'
import { useState } from 'react'
import { Link } from '../../../components/link'
import { ApiError, errorMessage } from '../../../lib/api-client'
import { type Translate, useT } from '../../../lib/i18n'
import { notify } from '../../../lib/notify'
import { isAvailable, type RegisterFields, registerAccount } from '../api/account'
import type { Captcha } from '../api/fetch-captcha'
import { openLogin } from '../state/auth-store'
import { AccountSteps } from './account-steps'
import { CodeSender } from './code-sender'
import { PasswordRules } from './password-rules'
import { RegionCascader } from './region-cascader'

interface AccountForm {
  username: string
  password: string
  passwordConfirm: string
  email: string
  telephone: string
  realName: string
  organization: string
  organizationType: RegisterFields['organizationType']
  region: string[]
  industry: RegisterFields['industry']
  purpose: string
  termsAccepted: boolean
}

/** A rule that asks the server whether the value is free, once the format is right. */
function availabilityRule(kind: 'username' | 'email' | 'telephone', pattern: RegExp, taken: string): Rule {
  return {
    validator: async (_rule, raw: string | undefined) => {
      const value = (raw ?? '').trim()
      if (!value || !pattern.test(kind === 'email' ? value.toLowerCase() : value)) return
      let free: boolean
      try {
        free = await isAvailable(kind, value)
      } catch (error) {
        if (error instanceof ApiError && error.status === 400) throw new Error(error.message)
        return // the server judges again at the end
      }
      if (!free) throw new Error(taken)
    },
  }
}

/** Form rules of the account step; the same the contract states, the server enforcing them all. */
export function accountRules(t: Translate) {
  return {
    username: [
      { required: true, whitespace: true, message: t('account.validation.usernameRequired') },
      { pattern: USERNAME_PATTERN, message: t('account.validation.usernameFormat') },
      availabilityRule('username', USERNAME_PATTERN, t('account.validation.usernameTaken')),
    ] as Rule[],
    email: [
      { required: true, whitespace: true, message: t('account.validation.emailRequired') },
      {
        validator: async (_r: unknown, v: string | undefined) => {
          if (v && !EMAIL_PATTERN.test(v.trim().toLowerCase())) throw new Error(t('account.validation.emailFormat'))
        },
      },
      availabilityRule('email', EMAIL_PATTERN, t('account.validation.emailTaken')),
    ] as Rule[],
    telephone: [
      { required: true, whitespace: true, message: t('account.validation.telephoneRequired') },
      { pattern: TELEPHONE_PATTERN, message: t('account.validation.telephoneFormat') },
      availabilityRule('telephone', TELEPHONE_PATTERN, t('account.validation.telephoneTaken')),
    ] as Rule[],
  }
}

/** A new password field's rule: the shared rule of 等保 level 3 against the given user name. */
export function passwordRule(t: Translate, username: () => string): Rule {
  return {
    validator: async (_r, value: string | undefined) => {
      if (!value) throw new Error(t('account.validation.passwordRequired'))
      const weakness = passwordWeakness(value, username())
      if (weakness) throw new Error(t(weakness))
    },
  }
}

/** /register in three steps: account → verify (a code to the e-mail or telephone) → result. */
export function RegisterPage() {
  const t = useT()
  const [form] = Form.useForm<AccountForm>()
  const [step, setStep] = useState(0)
  const [fields, setFields] = useState<AccountForm | null>(null)
  const [channel, setChannel] = useState<VerifyChannel>('email')
  const [sentWith, setSentWith] = useState<Captcha | null>(null)
  const [code, setCode] = useState('')
  const [isSubmitting, setIsSubmitting] = useState(false)
  const [isTermsOpen, setIsTermsOpen] = useState(false)
  const [done, setDone] = useState<string | null>(null)
  const password = Form.useWatch('password', form) ?? ''
  const username = Form.useWatch('username', form) ?? ''
  const rules = accountRules(t)

  const handleNext = async () => {
    try {
      setFields(await form.validateFields())
      setStep(1)
    } catch {
      // the form shows what is wrong
    }
  }

  const address = fields ? (channel === 'email' ? fields.email : fields.telephone) : ''

  const handleSubmit = async () => {
    if (!fields || !sentWith) return
    if (!/^\d{6}$/.test(code.trim())) {
      notify.warning(t('account.code.required'))
      return
    }
    setIsSubmitting(true)
    try {
      const region = fields.region
      const result = await registerAccount(
        {
          username: fields.username.trim(),
          email: fields.email.trim(),
          telephone: fields.telephone.trim(),
          realName: fields.realName.trim(),
          organization: fields.organization.trim(),
          organizationType: fields.organizationType,
          regionCode: region[region.length - 1] ?? '',
          industry: fields.industry,
          purpose: fields.purpose.trim(),
          termsAccepted: true,
        },
        fields.password,
        channel,
        code,
        sentWith,
      )
      setDone(result.username)
      setStep(2)
    } catch (error) {
      notify.error(errorMessage(error))
    } finally {
      setIsSubmitting(false)
    }
  }

  return (
    <div className="account-page" data-testid="register-page">
      <Card className="account-card" title={t('account.register.title')}>
        <p className="account-card__intro">{t('account.register.intro')}</p>
        <AccountSteps current={step} titles={[t('account.steps.account'), t('account.steps.verify'), t('account.steps.result')]} />
        <div hidden={step !== 0}>
          <Form form={form} layout="vertical" requiredMark autoComplete="off" initialValues={{ region: [], termsAccepted: false }}>
            <h2 className="account-section">{t('account.register.accountSection')}</h2>
            <Row gutter={16}>
              <Col xs={24} md={12}>
                <Form.Item name="username" label={t('account.register.username')} rules={rules.username} validateDebounce={400} hasFeedback>
                  <Input
                    placeholder={t('account.register.usernamePlaceholder')}
                    maxLength={32}
                    data-testid="register-username"
                    autoComplete="username"
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item name="email" label={t('account.register.email')} rules={rules.email} validateDebounce={400} hasFeedback>
                  <Input maxLength={254} data-testid="register-email" autoComplete="email" />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item
                  name="password"
                  required
                  label={t('account.register.password')}
                  rules={[passwordRule(t, () => form.getFieldValue('username') ?? '')]}
                  dependencies={['username']}
                >
                  <Input.Password maxLength={128} data-testid="register-password" autoComplete="new-password" />
                </Form.Item>
                <Form.Item
                  name="passwordConfirm"
                  label={t('account.register.passwordConfirm')}
                  dependencies={['password']}
                  rules={[
                    { required: true, message: t('account.validation.passwordRequired') },
                    ({ getFieldValue }) => ({
                      validator: async (_r, v) => {
                        if (v && v !== getFieldValue('password')) throw new Error(t('account.validation.passwordMismatch'))
                      },
                    }),
                  ]}
                >
                  <Input.Password maxLength={128} data-testid="register-password-confirm" autoComplete="new-password" />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <PasswordRules password={password} username={username} />
                <Form.Item
                  name="telephone"
                  label={t('account.register.telephone')}
                  rules={rules.telephone}
                  validateDebounce={400}
                  hasFeedback
                >
                  <Input maxLength={11} data-testid="register-telephone" autoComplete="tel" />
                </Form.Item>
              </Col>
            </Row>
            <h2 className="account-section">{t('account.register.personSection')}</h2>
            <Row gutter={16}>
              <Col xs={24} md={12}>
                <Form.Item
                  name="realName"
                  label={t('account.register.realName')}
                  rules={[{ required: true, whitespace: true, message: t('account.validation.realNameRequired') }]}
                >
                  <Input maxLength={50} data-testid="register-real-name" />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item
                  name="organization"
                  label={t('account.register.organization')}
                  rules={[{ required: true, whitespace: true, message: t('account.validation.organizationRequired') }]}
                >
                  <Input maxLength={100} data-testid="register-organization" />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item
                  name="organizationType"
                  label={t('account.register.organizationType')}
                  rules={[{ required: true, message: t('account.validation.organizationTypeRequired') }]}
                >
                  <Select
                    data-testid="register-organization-type"
                    options={ORGANIZATION_TYPES.map((v) => ({ value: v, label: t(`account.organizationTypes.${v}`) }))}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item
                  name="region"
                  required
                  label={t('account.register.region')}
                  rules={[
                    {
                      validator: async (_r, v: string[] | undefined) => {
                        if (!v || v.length === 0) throw new Error(t('account.validation.regionRequired'))
                      },
                    },
                  ]}
                >
                  <RegionCascader />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item
                  name="industry"
                  label={t('account.register.industry')}
                  rules={[{ required: true, message: t('account.validation.industryRequired') }]}
                >
                  <Select
                    data-testid="register-industry"
                    options={INDUSTRIES.map((v) => ({ value: v, label: t(`account.industries.${v}`) }))}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item
                  name="purpose"
                  label={t('account.register.purpose')}
                  rules={[{ required: true, whitespace: true, message: t('account.validation.purposeRequired') }]}
                >
                  <Input.TextArea
                    rows={1}
                    autoSize={{ minRows: 1, maxRows: 3 }}
                    maxLength={200}
                    placeholder={t('account.register.purposePlaceholder')}
                    data-testid="register-purpose"
                  />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item
              name="termsAccepted"
              valuePropName="checked"
              rules={[
                {
                  validator: async (_r, v) => {
                    if (!v) throw new Error(t('account.validation.termsRequired'))
                  },
                },
              ]}
            >
              <Checkbox data-testid="register-terms">
                {t('account.register.terms')}
                <Button type="link" size="small" onClick={() => setIsTermsOpen(true)} className="account-terms-link">
                  {t('account.register.termsLink')}
                </Button>
              </Checkbox>
            </Form.Item>
            <div className="account-actions">
              <Button type="primary" onClick={() => void handleNext()} data-testid="register-next">
                {t('account.register.next')}
              </Button>
              <Button type="link" onClick={() => openLogin()}>
                {t('account.register.haveAccount')}
              </Button>
            </div>
          </Form>
        </div>
        {step === 1 && fields && (
          <div className="account-verify">
            <Form layout="vertical">
              <Form.Item label={t('account.register.verifyBy')}>
                <Radio.Group
                  value={channel}
                  onChange={(e) => {
                    setChannel(e.target.value)
                    setSentWith(null)
                    setCode('')
                  }}
                  optionType="button"
                  options={[
                    { value: 'email', label: t('account.register.byEmail') },
                    { value: 'telephone', label: t('account.register.byTelephone') },
                  ]}
                  data-testid="register-channel"
                />
                <div className="account-verify__target">{t('account.register.verifyTarget', { target: address })}</div>
              </Form.Item>
              <Form.Item label={t('account.code.captcha')}>
                <CodeSender key={channel} purpose="register" channel={channel} getAddress={async () => address} onSent={setSentWith} />
              </Form.Item>
              <Form.Item label={t('account.code.label')} required>
                <Input
                  value={code}
                  onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
                  placeholder={t('account.code.placeholder')}
                  inputMode="numeric"
                  maxLength={6}
                  data-testid="register-code"
                />
              </Form.Item>
              <div className="account-actions">
                <Button
                  onClick={() => {
                    // the address may change: a code sent for the old one no longer fits
                    setSentWith(null)
                    setCode('')
                    setStep(0)
                  }}
                >
                  {t('account.register.previous')}
                </Button>
                <Button
                  type="primary"
                  disabled={!sentWith}
                  loading={isSubmitting}
                  onClick={() => void handleSubmit()}
                  data-testid="register-submit"
                >
                  {t('account.register.submit')}
                </Button>
              </div>
            </Form>
          </div>
        )}
        {step === 2 && done && (
          <Result
            status="success"
            title={t('account.register.successTitle')}
            subTitle={t('account.register.successText', { name: done })}
            extra={[
              <Button type="primary" key="login" onClick={() => openLogin()} data-testid="register-go-login">
                {t('account.register.goLogin')}
              </Button>,
              <Link key="home" to="/home">
                <Button>{t('account.register.goHome')}</Button>
              </Link>,
            ]}
          />
        )}
      </Card>
      <Modal
        open={isTermsOpen}
        title={t('account.register.termsTitle')}
        onCancel={() => setIsTermsOpen(false)}
        onOk={() => setIsTermsOpen(false)}
        footer={null}
      >
        <p>{t('account.register.termsText')}</p>
      </Modal>
    </div>
  )
}
