import { canEditContent } from '@rs/shared'
import '../../features/typical-image/typical-image.css'
import { useAuthStore } from '../../features/auth/state/auth-store'
import { TypicalImagePage } from '../../features/typical-image/components/typical-image-page'

/** 典型影像 (typicalImage): the sample images of SPEC §2; content editors (MOD_002) replace and restore them. */
export default function TypicalImageScreen() {
  const canEdit = useAuthStore((s) => canEditContent(s.user?.permissions))
  return <TypicalImagePage canEdit={canEdit} />
}
