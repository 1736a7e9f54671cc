import '../../features/auth/account.css'
import { RegisterPage } from '../../features/auth/components/register-page'

/** 用户注册 (/register): account → verify → result. */
export default function RegisterScreen() {
  return <RegisterPage />
}
