import { SafetyOutlined } from '@ant-design/icons'
import { Input } from 'antd'
import { useEffect, useState } from 'react'
import { useT } from '../../../lib/i18n'
import { useCaptcha } from '../state/use-captcha'
import { CaptchaImage } from './captcha-image'

/** What a form sends of a picture captcha: its token and the answer typed. */
export interface CaptchaValue {
  token: string
  answer: string
}

/**
 * A picture captcha with its answer box for forms outside the auth feature (feedback): tells the
 * token and answer; a new `round` (after each submit) fetches a new picture, since each serves once.
 */
export function CaptchaField({ round, onChange }: { round: number; onChange: (value: CaptchaValue | null) => void }) {
  const t = useT()
  const { captcha, captchaState, refresh } = useCaptcha()
  const [answer, setAnswer] = useState('')

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new round asks for a new picture
  useEffect(() => {
    setAnswer('')
    void refresh()
  }, [round, refresh])

  useEffect(() => {
    onChange(captcha && answer.trim() ? { token: captcha.token, answer: answer.trim() } : null)
  }, [captcha, answer, onChange])

  return (
    <div style={{ display: 'flex', gap: 8, alignItems: 'center', maxWidth: 360 }}>
      <Input
        prefix={<SafetyOutlined />}
        placeholder={t('login.captchaPlaceholder')}
        value={answer}
        onChange={(e) => setAnswer(e.target.value)}
        maxLength={16}
        data-testid="captcha-answer"
        aria-label={t('login.captchaPlaceholder')}
      />
      <CaptchaImage
        svg={captcha?.svg ?? null}
        isLoading={captchaState === 'loading'}
        isFailed={captchaState === 'failed'}
        onRefresh={() => void refresh()}
      />
    </div>
  )
}
