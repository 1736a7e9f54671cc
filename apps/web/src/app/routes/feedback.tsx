import { CaptchaField } from '../../features/auth/components/captcha-field'
import '../../features/feedback/feedback.css'
import { useAuthStore } from '../../features/auth/state/auth-store'
import { FeedbackForm } from '../../features/feedback/components/feedback-form'
import type { ScreenProps } from '../screen-props'

/** 意见反馈 (/feedback): the form for visitors (with the auth feature's captcha) and users. */
export default function FeedbackScreen(_: ScreenProps) {
  const isLoggedIn = useAuthStore((s) => s.user !== null)
  return (
    <div className="feedback-page">
      <FeedbackForm isLoggedIn={isLoggedIn} renderCaptcha={(round, onChange) => <CaptchaField round={round} onChange={onChange} />} />
    </div>
  )
}
