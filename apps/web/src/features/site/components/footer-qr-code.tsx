import { QRCode } from 'antd'
import { useEffect, useRef } from 'react'

/**
 * The footer's QR code (its own chunk: the encoder is not needed for the first paint), named for a
 * screen reader by `label`; antd's SVG has no name of its own, so it is hidden behind the named box.
 */
export default function FooterQrCode({ value, label }: { value: string; label: string }) {
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => {
    box.current?.querySelector('svg')?.setAttribute('aria-hidden', 'true')
  })
  return (
    <div ref={box} role="img" aria-label={label}>
      <QRCode value={value} size={96} bordered={false} color="#0b3a6e" bgColor="#ffffff" type="svg" />
    </div>
  )
}
