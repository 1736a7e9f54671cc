import '../../features/auth/account.css'
import { ResetPasswordPage } from '../../features/auth/components/reset-password-page'

/** 重置密码 (/resetPassword): by a code to the account's e-mail or telephone, or with the old password. */
export default function ResetPasswordScreen() {
  return <ResetPasswordPage />
}
