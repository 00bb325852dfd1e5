import { Button } from '@mantine/core'
import { adminUserSessionsClose, type AdminUser } from '@contract'
import { use } from 'react'
import { callApi } from '@/lib/http'
import { getToken, userOfToken } from '@/lib/session'
import { showToast } from '@/lib/ui/toast'
import { useAdminWrite } from '../../api.ts'
import { adminText } from '../../text.ts'
import { SignOutContext } from '../sign-out.ts'

const t = adminText.users

/**
 * 'Fermer les sessions': every token the user holds is refused from now on (a lost handheld, a
 * shared password), after a confirmation. One's own included: this session is over too, so
 * nothing is read again (it would be refused) and the administrator is signed out as by 'Déconnexion',
 * told in the first person to sign in again.
 */
export function CloseSessions({ user, disabled }: { user: AdminUser; disabled: boolean }) {
  const own = userOfToken(getToken()) === user.username
  const signOut = use(SignOutContext)
  const close = useAdminWrite(() => callApi(adminUserSessionsClose, { params: { id: user.id } }), {
    refresh: own ? null : [],
    done: () => (own ? t.ownSessionsClosed : t.sessionsClosed(user.username)),
    after: own ? signOut : undefined,
  })
  return (
    <Button
      variant="subtle"
      color="red"
      loading={close.isPending}
      disabled={disabled}
      onClick={() => {
        if (!window.confirm(own ? t.confirmCloseOwnSessions : t.confirmCloseSessions(user.username))) return
        close.mutate(undefined, { onError: (error) => showToast({ color: 'red', message: error.message }) })
      }}
    >
      {t.closeSessions}
    </Button>
  )
}
