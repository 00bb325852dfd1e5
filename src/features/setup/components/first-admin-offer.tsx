import { Alert, Button } from '@mantine/core'
import { setupStatusCall } from '@contract'
import { Link } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { callApi } from '@/lib/http'
import { offerText } from '../offer-text.ts'
import { isSetupDone, rememberSetupDone } from '../setup-done.ts'

/**
 * On the sign-in page of a site without any user (SEED=off): the way to its first administrator.
 * A plain call, no query: this is on /login, whose first load must not carry the /setup screen's
 * code (a query key shared with it would split both into one more file). A failure hides it.
 * Asked until the site is seen with its users, then never again from this browser.
 * (Loading the card lazily was tried: the import costs the sign-in page more than the card.)
 */
export function FirstAdminOffer() {
  const [needed, setNeeded] = useState(false)
  useEffect(() => {
    if (isSetupDone()) return
    const controller = new AbortController()
    callApi(setupStatusCall, { signal: controller.signal }).then(
      (status) => {
        if (controller.signal.aborted) return
        if (status.needsFirstAdmin) setNeeded(true)
        else rememberSetupDone()
      },
      () => undefined,
    )
    return () => controller.abort()
  }, [])
  return needed ? (
    <Alert color="blue" title={offerText.title}>
      <Button component={Link} to="/setup" variant="light" fullWidth>
        {offerText.link}
      </Button>
    </Alert>
  ) : null
}
