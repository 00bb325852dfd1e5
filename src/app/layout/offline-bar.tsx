import { useOnline } from '@/lib/network-status'
import { messages } from '@/lib/messages'
import classes from './header.module.css'

const { indicators: t } = messages

/**
 * 'Hors ligne' in words, as a strip along the header's bottom edge: a handheld's header has no
 * room left for it beside its 48 px buttons, and a worker must not read the green IP indicator as
 * "connected". The live region stays mounted so the change is announced; nothing shows online.
 */
export function OfflineBar() {
  const online = useOnline()
  return (
    <div role="status" className={classes.offline} data-offline-bar={online ? undefined : true}>
      {online ? null : (
        <>
          <strong>{t.offline}</strong>
          {t.offlineDetail}
        </>
      )}
    </div>
  )
}
