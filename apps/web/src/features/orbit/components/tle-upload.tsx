import { orbitTleUpload } from '@rs/shared/api-paths'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Alert, Button, Card, Input } from 'antd'
import { useState } from 'react'
import { callApi, errorMessage } from '../../../lib/api-client'
import { useT } from '../../../lib/i18n'
import { notify } from '../../../lib/notify'

/**
 * The administrator's element upload (MOD_001): two- or three-line text pasted here; the server
 * checks every line and replaces the sets all at once, or names the bad line and changes nothing.
 */
export function TleUpload() {
  const t = useT()
  const client = useQueryClient()
  const [text, setText] = useState('')
  const upload = useMutation({
    mutationFn: (body: { text: string }) => callApi(orbitTleUpload, { body }),
    onSuccess: (answer) => {
      notify.success(t('orbit.tleUpload.done', { count: answer.replaced.length }))
      setText('')
      void client.invalidateQueries({ queryKey: ['satorbit', 'tle'] })
    },
  })
  return (
    <Card size="small" title={t('orbit.tleUpload.title')} style={{ marginTop: 16 }} data-testid="orbit-tle-upload">
      <Alert type="info" showIcon title={t('orbit.tleUpload.hint')} style={{ marginBottom: 8 }} />
      <Input.TextArea
        rows={5}
        value={text}
        onChange={(e) => setText(e.target.value)}
        style={{ fontFamily: 'monospace', fontSize: 12 }}
        data-testid="orbit-tle-text"
      />
      {upload.error && (
        <Alert type="error" showIcon title={errorMessage(upload.error)} style={{ marginTop: 8 }} data-testid="orbit-tle-error" />
      )}
      <Button
        type="primary"
        size="small"
        style={{ marginTop: 8 }}
        disabled={text.trim().length === 0}
        loading={upload.isPending}
        onClick={() => upload.mutate({ text })}
      >
        {t('orbit.tleUpload.submit')}
      </Button>
    </Card>
  )
}
