import { LoginModal } from './login-modal'
import { UpgradeModal } from './upgrade-modal'

/** The login and security-upgrade popups together (one lazy chunk with the form and the password cipher). */
export default function AuthDialogs({ onLoggedIn }: { onLoggedIn?: () => void }) {
  return (
    <>
      <LoginModal onLoggedIn={onLoggedIn} />
      <UpgradeModal />
    </>
  )
}
