import { useEffect, useRef } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { parseAutoLoginCode } from '../../features/auth/api/auto-login'
import { autoLoginWith } from '../../features/auth/state/session'

/**
 * A link with code=1 or code=2 on any page logs in with a service account, then the code leaves the
 * URL. Code 2 keeps its geojsonId in the URL and in the navigation state for the image-query screen.
 * One login at a time: a screen that writes its own state into the address meanwhile (a new
 * location that still carries the code) does not start a second one.
 */
export function useAutoLogin(): void {
  const location = useLocation()
  const navigate = useNavigate()
  const handledKey = useRef<string | null>(null)
  const isLoggingIn = useRef(false)

  useEffect(() => {
    const params = new URLSearchParams(location.search)
    const code = parseAutoLoginCode(params.get('code'))
    if (!code || handledKey.current === location.key || isLoggingIn.current) return
    handledKey.current = location.key
    isLoggingIn.current = true
    const geojsonId = params.get('geojsonId')
    void autoLoginWith(code, geojsonId).then(() => {
      isLoggingIn.current = false
      // the address as it is now: the screen may have written its own parameters while the login ran
      const now = new URLSearchParams(window.location.search)
      now.delete('code')
      const search = now.toString()
      void navigate(
        { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
        { replace: true, state: code === 2 && geojsonId ? { geojsonId } : null },
      )
    })
  }, [location, navigate])
}
