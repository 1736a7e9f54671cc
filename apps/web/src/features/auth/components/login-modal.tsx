import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons'
import { API_CODE } from '@rs/shared'
import { Button, Form, Input, Modal } from 'antd'
import { useEffect, useState } from 'react'
import { Link } from '../../../components/link'
import { ApiError, errorMessage } from '../../../lib/api-client'
import { useT } from '../../../lib/i18n'
import { notify } from '../../../lib/notify'
import { type LoginForm, loginWithPassword } from '../api/login'
import { closeLogin, openUpgrade, useAuthStore } from '../state/auth-store'
import { startSession } from '../state/session'
import { useCaptcha } from '../state/use-captcha'
import { CaptchaImage } from './captcha-image'

export interface LoginModalProps {
  /** Runs after a successful login, once the user, area range and cart are loaded. */
  onLoggedIn?: () => void
}

/** The login popup of SPEC.md §2 and §5. */
export function LoginModal({ onLoggedIn }: LoginModalProps) {
  const t = useT()
  const isOpen = useAuthStore((s) => s.isLoginOpen)
  const [form] = Form.useForm<LoginForm>()
  const { captcha, captchaState, refresh: refreshCaptcha } = useCaptcha()
  const [isSubmitting, setIsSubmitting] = useState(false)

  useEffect(() => {
    if (isOpen) void refreshCaptcha()
  }, [isOpen, refreshCaptcha])

  const handleFinish = async (values: LoginForm) => {
    if (!captcha) {
      void refreshCaptcha()
      return
    }
    setIsSubmitting(true)
    try {
      const token = await loginWithPassword(values, captcha)
      await startSession(token)
      closeLogin({ keepTarget: true })
      form.resetFields()
      notify.success(t('login.success'))
      onLoggedIn?.()
    } catch (error) {
      if (error instanceof ApiError && error.code === API_CODE.upgradeRequired) {
        form.resetFields()
        openUpgrade()
        return
      }
      notify.error(errorMessage(error))
      form.setFieldValue('captcha', '')
      void refreshCaptcha()
    } finally {
      setIsSubmitting(false)
    }
  }

  return (
    <Modal
      open={isOpen}
      title={t('login.title')}
      onCancel={() => closeLogin()}
      footer={null}
      width={420}
      centered
      destroyOnHidden
      closable={{ 'aria-label': t('login.close') }}
      mask={{ closable: false }}
    >
      <div data-testid="login-modal" className="login-modal">
        <Form form={form} layout="vertical" requiredMark={false} onFinish={handleFinish} autoComplete="off" size="large">
          <Form.Item name="username" rules={[{ required: true, whitespace: true, message: t('login.usernameRequired') }]}>
            <Input prefix={<UserOutlined />} placeholder={t('login.username')} data-testid="login-username" maxLength={64} />
          </Form.Item>
          <Form.Item name="password" rules={[{ required: true, message: t('login.passwordRequired') }]}>
            <Input.Password
              prefix={<LockOutlined />}
              placeholder={t('login.password')}
              data-testid="login-password"
              autoComplete="current-password"
              maxLength={128}
            />
          </Form.Item>
          <Form.Item>
            <div className="login-modal__captcha">
              <Form.Item name="captcha" noStyle rules={[{ required: true, whitespace: true, message: t('login.captchaRequired') }]}>
                <Input prefix={<SafetyOutlined />} placeholder={t('login.captchaPlaceholder')} data-testid="login-captcha" maxLength={16} />
              </Form.Item>
              <CaptchaImage
                svg={captcha?.svg ?? null}
                isLoading={captchaState === 'loading'}
                isFailed={captchaState === 'failed'}
                onRefresh={() => void refreshCaptcha()}
              />
            </div>
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={isSubmitting} data-testid="login-submit">
            {t('login.submit')}
          </Button>
          <div className="login-modal__links">
            <Link to="/resetPassword" onClick={() => closeLogin()}>
              {t('login.forgot')}
            </Link>
            <Link to="/register" onClick={() => closeLogin()}>
              {t('login.register')}
            </Link>
          </div>
        </Form>
      </div>
    </Modal>
  )
}
