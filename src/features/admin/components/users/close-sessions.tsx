import { Button } from '@mantine/core'
import { adminUserSessionsClose, type AdminUser } from '@contract'
import { callApi } from '@/lib/http'
import { getToken, userOfToken } from '@/lib/session'
import { showToast } from '@/lib/ui/toast'
import { useAdminWrite } from '../../api.ts'
import { adminText } from '../../text.ts'

const t = adminText.users

/**
 * 'Fermer les sessions': every token the user holds is refused from now on (a lost handheld, a
 * shared password), after a confirmation. One's own included: the next call then leads to the
 * sign-in page, like any ended session.
 */
export function CloseSessions({ user, disabled }: { user: AdminUser; disabled: boolean }) {
  const close = useAdminWrite(() => callApi(adminUserSessionsClose, { params: { id: user.id } }), {
    refresh: [],
    done: () => t.sessionsClosed(user.username),
  })
  const own = userOfToken(getToken()) === user.username
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
