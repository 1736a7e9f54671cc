import { SendOutlined } from '@ant-design/icons'
import { Button } from 'antd'
import { useState } from 'react'
import { useT } from '../../../lib/i18n'
import { PushDialog } from './push-dialog'

/** 推送所选影像: an administrator's push of the archive's checked scenes to a node. */
export function PushCheckedButton({ sceneIds }: { sceneIds: string[] }) {
  const t = useT()
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button
        size="small"
        icon={<SendOutlined />}
        disabled={sceneIds.length === 0}
        onClick={() => setOpen(true)}
        data-testid="result-push-checked"
      >
        {t('push.admin.pushIds')}
      </Button>
      {open && <PushDialog open sceneIds={sceneIds} onClose={() => setOpen(false)} />}
    </>
  )
}
