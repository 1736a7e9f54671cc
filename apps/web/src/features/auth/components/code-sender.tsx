import { SafetyOutlined } from '@ant-design/icons'
import type { VerifyChannel, VerifyPurpose } from '@rs/shared'
import { Button, Input, Space } from 'antd'
import { useEffect, useState } from 'react'
import { errorMessage } from '../../../lib/api-client'
import { useT } from '../../../lib/i18n'
import { notify } from '../../../lib/notify'
import { sendCode } from '../api/account'
import type { Captcha } from '../api/fetch-captcha'
import { useCaptcha } from '../state/use-captcha'
import { CaptchaImage } from './captcha-image'

export interface CodeSenderProps {
  purpose: VerifyPurpose
  channel: VerifyChannel
  /** Validates the address field and gives its value, or undefined when it is not valid. */
  getAddress: () => Promise<string | undefined>
  /** The captcha whose token names the code just sent (its key seals the password later). */
  onSent: (captcha: Captcha) => void
}

/** Picture captcha + 获取验证码 with the 60-second pause the server enforces. */
export function CodeSender({ purpose, channel, getAddress, onSent }: CodeSenderProps) {
  const t = useT()
  const { captcha, captchaState, refresh } = useCaptcha()
  const [answer, setAnswer] = useState('')
  const [cooldown, setCooldown] = useState(0)
  const [isSending, setIsSending] = useState(false)

  useEffect(() => {
    void refresh()
  }, [refresh])

  useEffect(() => {
    if (cooldown <= 0) return
    const timer = setTimeout(() => setCooldown((s) => s - 1), 1000)
    return () => clearTimeout(timer)
  }, [cooldown])

  const handleSend = async () => {
    const address = await getAddress()
    if (!address) return
    if (!captcha || !answer.trim()) {
      notify.warning(t('account.code.captchaFirst'))
      return
    }
    setIsSending(true)
    try {
      const sent = await sendCode(purpose, channel, address, captcha, answer)
      onSent(captcha)
      setCooldown(sent.resendSeconds)
      notify.success(t(purpose === 'reset' ? 'account.code.sentReset' : 'account.code.sent'))
    } catch (error) {
      notify.error(errorMessage(error))
    } finally {
      setIsSending(false)
      setAnswer('')
      // a captcha serves once: the next send needs a new one
      void refresh()
    }
  }

  return (
    <div className="code-sender">
      <div className="code-sender__captcha">
        <Input
          prefix={<SafetyOutlined />}
          placeholder={t('account.code.captcha')}
          value={answer}
          onChange={(e) => setAnswer(e.target.value)}
          maxLength={16}
          data-testid="code-captcha"
          aria-label={t('account.code.captcha')}
        />
        <CaptchaImage
          svg={captcha?.svg ?? null}
          isLoading={captchaState === 'loading'}
          isFailed={captchaState === 'failed'}
          onRefresh={() => void refresh()}
        />
      </div>
      <Space.Compact block>
        <Button onClick={() => void handleSend()} loading={isSending} disabled={cooldown > 0} data-testid="code-send" block>
          {cooldown > 0 ? t('account.code.resend', { seconds: cooldown }) : t('account.code.send')}
        </Button>
      </Space.Compact>
    </div>
  )
}
