import { PROVINCE_MINISTRY_LIMITS } from '@rs/shared'
import { Input } from 'antd'

/** The text of a message (the request, an answer, a follow-up): multi-line, counted up to the stated limit. */
export function MessageBodyInput(props: {
  value: string
  onChange: (text: string) => void
  rows: number
  placeholder: string
  testId: string
}) {
  return (
    <Input.TextArea
      rows={props.rows}
      value={props.value}
      maxLength={PROVINCE_MINISTRY_LIMITS.bodyMax}
      showCount
      placeholder={props.placeholder}
      onChange={(e) => props.onChange(e.target.value)}
      data-testid={props.testId}
    />
  )
}
