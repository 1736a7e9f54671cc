import { FEEDBACK_LIMITS, FEEDBACK_TYPES, type FeedbackType } from '@rs/shared'
import { Button, Card, Form, Input, Select } from 'antd'
import { type ReactNode, useState } from 'react'
import { errorMessage } from '../../../lib/api-client'
import { useT } from '../../../lib/i18n'
import { notify } from '../../../lib/notify'
import { sendFeedback } from '../api/feedback-api'

/** A captcha's token and answer, or null while none is typed. */
export type CaptchaAnswer = { token: string; answer: string } | null

/**
 * 意见反馈: type, content (length stated), contact; a visitor also answers a picture captcha, which
 * the route hands in (`renderCaptcha`, from the auth feature) with a round that renews it.
 */
export function FeedbackForm({
  isLoggedIn,
  renderCaptcha,
}: {
  isLoggedIn: boolean
  renderCaptcha: (round: number, onChange: (value: CaptchaAnswer) => void) => ReactNode
}) {
  const t = useT()
  const [type, setType] = useState<FeedbackType | undefined>()
  const [content, setContent] = useState('')
  const [contact, setContact] = useState('')
  const [captcha, setCaptcha] = useState<CaptchaAnswer>(null)
  const [round, setRound] = useState(0)
  const [sending, setSending] = useState(false)

  const handleSubmit = async () => {
    if (!type) return notify.error(t('feedback.errors.typeRequired'))
    if (content.trim().length < FEEDBACK_LIMITS.contentMin)
      return notify.error(t('feedback.errors.contentShort', { min: FEEDBACK_LIMITS.contentMin }))
    if (!isLoggedIn && !captcha) return notify.error(t('feedback.errors.captchaRequired'))
    setSending(true)
    try {
      await sendFeedback({
        type,
        content: content.trim(),
        ...(contact.trim() ? { contact: contact.trim() } : {}),
        ...(!isLoggedIn && captcha ? { token: captcha.token, captcha: captcha.answer } : {}),
      })
      notify.success(t('feedback.sent'))
      setType(undefined)
      setContent('')
      setContact('')
    } catch (error) {
      notify.error(errorMessage(error))
    } finally {
      setSending(false)
      if (!isLoggedIn) setRound((r) => r + 1)
    }
  }

  return (
    <Card title={t('feedback.title')} className="feedback" data-testid="feedback-form">
      <p className="feedback__intro">{t('feedback.intro')}</p>
      <Form layout="vertical">
        <Form.Item label={t('feedback.type')} required>
          <Select
            value={type}
            onChange={setType}
            style={{ maxWidth: 240 }}
            options={FEEDBACK_TYPES.map((k) => ({ value: k, label: t(`feedback.types.${k}`) }))}
            aria-label={t('feedback.type')}
            data-testid="feedback-type"
          />
        </Form.Item>
        <Form.Item label={t('feedback.content')} required>
          <Input.TextArea
            rows={5}
            value={content}
            maxLength={FEEDBACK_LIMITS.contentMax}
            showCount
            placeholder={t('feedback.contentPlaceholder', { min: FEEDBACK_LIMITS.contentMin, max: FEEDBACK_LIMITS.contentMax })}
            onChange={(e) => setContent(e.target.value)}
            data-testid="feedback-content"
          />
        </Form.Item>
        <Form.Item label={t('feedback.contact')}>
          <Input
            value={contact}
            maxLength={FEEDBACK_LIMITS.contactMax}
            placeholder={t('feedback.contactPlaceholder')}
            onChange={(e) => setContact(e.target.value)}
            data-testid="feedback-contact"
          />
        </Form.Item>
        {!isLoggedIn && (
          <Form.Item label={t('feedback.captcha')} required>
            {renderCaptcha(round, setCaptcha)}
          </Form.Item>
        )}
        <Button type="primary" loading={sending} onClick={() => void handleSubmit()} data-testid="feedback-submit">
          {t('feedback.submit')}
        </Button>
      </Form>
    </Card>
  )
}
