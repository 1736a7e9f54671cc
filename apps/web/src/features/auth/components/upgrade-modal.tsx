import { ExclamationCircleFilled } from '@ant-design/icons'
import { Button, Modal } from 'antd'
import { useT } from '../../../lib/i18n'
import { navigateTo } from '../../../lib/navigation'
import { closeUpgrade, useAuthStore } from '../state/auth-store'

/** The security-upgrade popup of login code 2: 确认 leads to the password reset. */
export function UpgradeModal() {
  const t = useT()
  const isOpen = useAuthStore((s) => s.isUpgradeOpen)

  const handleConfirm = () => {
    closeUpgrade()
    void navigateTo('/resetPassword')
  }

  return (
    <Modal open={isOpen} title={t('upgrade.title')} onCancel={closeUpgrade} width={420} centered destroyOnHidden footer={null}>
      <div data-testid="upgrade-modal">
        <div className="upgrade-body">
          <ExclamationCircleFilled className="upgrade-body__icon" />
          <p>{t('upgrade.content')}</p>
        </div>
        <div className="upgrade-actions">
          <Button onClick={closeUpgrade}>{t('upgrade.cancel')}</Button>
          <Button type="primary" onClick={handleConfirm} data-testid="upgrade-confirm">
            {t('upgrade.confirm')}
          </Button>
        </div>
      </div>
    </Modal>
  )
}
