import { lazy, Suspense, useEffect, useState } from 'react'
import { ChunkBoundary } from '../../../components/chunk-boundary'
import { loadChunk } from '../../../lib/chunk-load'
import { useAuthStore } from '../state/auth-store'

const AuthDialogs = lazy(() => loadChunk(() => import('./auth-dialogs')))

/**
 * Mounts the login popups once one is first wanted, so their form code and the password cipher
 * stay out of the first page load.
 */
export function AuthDialogsHost({ onLoggedIn }: { onLoggedIn?: () => void }) {
  const isWanted = useAuthStore((s) => s.isLoginOpen || s.isUpgradeOpen)
  const [isMounted, setIsMounted] = useState(isWanted)
  useEffect(() => {
    if (isWanted) setIsMounted(true)
  }, [isWanted])
  if (!isMounted && !isWanted) return null
  return (
    <ChunkBoundary fallback={null}>
      <Suspense fallback={null}>
        <AuthDialogs onLoggedIn={onLoggedIn} />
      </Suspense>
    </ChunkBoundary>
  )
}
