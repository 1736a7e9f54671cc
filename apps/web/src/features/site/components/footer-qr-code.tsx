import { QRCode } from 'antd'

/** The footer's QR code (its own chunk: the encoder is not needed for the first paint). */
export default function FooterQrCode({ value }: { value: string }) {
  return <QRCode value={value} size={96} bordered={false} color="#0b3a6e" bgColor="#ffffff" type="svg" />
}
