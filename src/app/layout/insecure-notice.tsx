/**
 * The notice of a page opened over plain HTTP (a handheld on the site's LAN address): browsers
 * give install, the service worker and the camera to secure contexts only (docs/architecture.md, secure contexts),
 * so the user is told what is missing and where the site's certificate is, instead of meeting a
 * failure later. A notice, not a toast: it stays until dismissed, and comes back on the next load.
 */
import { Alert, Text } from '@mantine/core'
import { useState } from 'react'
import { messages } from '@/lib/messages'

const { insecure: t } = messages

/** Dismissed for this page's life only (module state): the next load shows it again. */
let dismissed = false

/** Whether the browser says this page is not a secure context (unknown counts as secure). */
export const isInsecurePage = (): boolean => globalThis.isSecureContext === false

/**
 * `compact` (the sign-in card): the title and the link, no close button, as the card has room
 * for little. The dashboard's shows what still works too, and can be hidden.
 */
export function InsecureNotice({ compact = false }: { compact?: boolean }) {
  const [hidden, setHidden] = useState(() => !compact && dismissed)
  if (hidden || !isInsecurePage()) return null
  const hide = () => {
    dismissed = true
    setHidden(true)
  }
  return (
    <Alert
      // A standing notice, read where it is: role="alert" (Mantine's default) would interrupt.
      role="note"
      color="orange"
      variant="light"
      p="xs"
      mb={compact ? 0 : 'sm'}
      title={t.title}
      withCloseButton={!compact}
      onClose={hide}
      closeButtonLabel={t.hide}
    >
      <Text size="xs">
        {compact ? null : `${t.text} `}
        {/* A page of the server, not a client route: a full page load. */}
        <a href="/installer" style={{ color: 'inherit', fontWeight: 600 }}>
          {t.installer}
        </a>
      </Text>
    </Alert>
  )
}
