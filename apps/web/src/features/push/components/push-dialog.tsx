import { punctuationNow } from '@rs/shared'
import { Alert, Button, Input, Modal, Radio, Select, Space, Typography } from 'antd'
import { useState } from 'react'
import { errorMessage } from '../../../lib/api-client'
import { useT } from '../../../lib/i18n'
import { notify } from '../../../lib/notify'
import { createPush, type PushSelection, previewPush, usePushNodes } from '../api/push-api'
import { formatBytes, parseSceneIds } from '../utils/format'

export interface PushDialogProps {
  open: boolean
  onClose: (pushed: boolean) => void
  /** Scenes chosen elsewhere (the archive's checked scenes); absent: typed here, or the node's new scenes. */
  sceneIds?: readonly string[]
  /** The node to start with. */
  nodeId?: number
  /** Start with the node's newly imported scenes. */
  newScenes?: boolean
}

type Preview = Awaited<ReturnType<typeof previewPush>>

/**
 * 推送 (系统管理): choose a node and what to push (chosen scenes, or the node's region's scenes
 * imported since its last push), preview the count, area and size, then push; the batch is produced
 * and delivered off the request and shows in the batch list.
 */
export function PushDialog({ open, onClose, sceneIds, nodeId, newScenes }: PushDialogProps) {
  const t = useT()
  const nodes = usePushNodes()
  const [node, setNode] = useState<number | undefined>(nodeId)
  const [mode, setMode] = useState<'ids' | 'new'>(newScenes ? 'new' : 'ids')
  const [typed, setTyped] = useState('')
  const [preview, setPreview] = useState<Preview | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const ids = sceneIds ? [...sceneIds] : parseSceneIds(typed)
  const selection = (): PushSelection | null =>
    node === undefined ? null : mode === 'new' ? { nodeId: node, newSinceLastPush: true } : { nodeId: node, sceneIds: ids }
  const reset = () => {
    setPreview(null)
    setError(null)
  }

  async function run(action: 'preview' | 'push') {
    const s = selection()
    if (!s) return
    setBusy(true)
    setError(null)
    try {
      if (action === 'preview') setPreview(await previewPush(s))
      else {
        const batch = await createPush(s)
        notify.success(t('push.admin.pushed', { id: batch.id }))
        onClose(true)
      }
    } catch (e) {
      setError(errorMessage(e))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal
      open={open}
      title={mode === 'new' ? t('push.admin.pushNew') : t('push.admin.pushIds')}
      onCancel={() => onClose(false)}
      okText={t('push.admin.confirm')}
      okButtonProps={{ disabled: !preview || preview.scenes === 0, loading: busy, 'data-testid': 'push-confirm' } as never}
      onOk={() => run('push')}
      destroyOnHidden
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Select
          aria-label={t('push.admin.node')}
          data-testid="push-node"
          placeholder={t('push.admin.node')}
          value={node}
          style={{ width: '100%' }}
          options={(nodes.data ?? [])
            .filter((n) => n.enabled)
            .map((n) => ({ value: n.id, label: n.name + punctuationNow().paren(n.regionName) }))}
          onChange={(v: number) => {
            setNode(v)
            reset()
          }}
        />
        {!sceneIds && (
          <Radio.Group
            value={mode}
            onChange={(e) => {
              setMode(e.target.value)
              reset()
            }}
            options={[
              { value: 'ids', label: t('push.selection.ids') },
              { value: 'new', label: t('push.selection.new') },
            ]}
          />
        )}
        {mode === 'ids' && !sceneIds && (
          <Input.TextArea
            aria-label={t('push.admin.sceneIdsLabel')}
            placeholder={t('push.admin.sceneIdsLabel')}
            rows={5}
            value={typed}
            data-testid="push-scene-ids"
            onChange={(e) => {
              setTyped(e.target.value)
              reset()
            }}
          />
        )}
        {sceneIds && <Typography.Text>{t('push.admin.chosen', { count: sceneIds.length })}</Typography.Text>}
        <Button onClick={() => run('preview')} loading={busy} disabled={node === undefined} data-testid="push-preview">
          {t('push.admin.preview')}
        </Button>
        {preview && (
          <Alert
            type={preview.scenes > 0 ? 'info' : 'warning'}
            showIcon
            data-testid="push-preview-result"
            title={
              preview.scenes > 0
                ? t('push.admin.previewSummary', {
                    scenes: preview.scenes,
                    area: preview.areaKm2.toFixed(2),
                    size: formatBytes(preview.estimatedBytes),
                  })
                : t('push.admin.previewNone')
            }
            description={
              <>
                {punctuationNow().list(preview.satellites.map((s) => `${s.satellite} ${s.scenes}`))}
                {preview.missing.length > 0 && (
                  <div>{t('push.admin.previewMissing', { ids: punctuationNow().list(preview.missing.slice(0, 10)) })}</div>
                )}
              </>
            }
          />
        )}
        {error && <Alert type="error" showIcon title={error} />}
      </Space>
    </Modal>
  )
}
