import { ActionIcon, Group, Kbd, UnstyledButton } from '@mantine/core'
import { useWindowScroll } from '@mantine/hooks'
import { IconMenu2, IconSearch, IconX } from '@tabler/icons-react'
import type { UserAccess } from '@contract'
// The indicator alone: the feature's index brings the outbox engine and Dexie.
import { OutboxIndicator } from '@/features/outbox/components/outbox-indicator'
import { messages } from '@/lib/messages'
import { Hint } from '@/lib/ui/hint'
import { UserAvatar } from './user-avatar.tsx'
import classes from './header.module.css'
import { Logo } from './logo.tsx'
import { OfflineBar } from './offline-bar.tsx'
import { StatusIndicators, type PrintingStatus } from './status-indicators.tsx'

/** Past this scroll offset (px) the header takes its 'scrolled' style. */
export const HEADER_SCROLL_OFFSET = 64

interface HeaderProps {
  access: UserAccess
  printing: PrintingStatus
  isDesktop: boolean
  navOpened: boolean
  onToggleNav: () => void
  onOpenSearch: () => void
  onOpenAccount: () => void
}

export function Header({
  access,
  printing,
  isDesktop,
  navOpened,
  onToggleNav,
  onOpenSearch,
  onOpenAccount,
}: HeaderProps) {
  const [scroll] = useWindowScroll()
  return (
    <header className={classes.header} data-scrolled={scroll.y > HEADER_SCROLL_OFFSET || undefined}>
      {isDesktop ? null : (
        <ActionIcon
          variant="subtle"
          color="gray"
          size={48}
          onClick={onToggleNav}
          aria-label={messages.layout.openMenu}
          aria-expanded={navOpened}
        >
          {navOpened ? <IconX size={22} /> : <IconMenu2 size={22} />}
        </ActionIcon>
      )}
      <span className={classes.logo}>
        <Logo />
      </span>
      <Hint label={messages.layout.search}>
        <ActionIcon
          variant="subtle"
          size={48}
          color="gray"
          onClick={onOpenSearch}
          aria-label={messages.layout.search}
        >
          <IconSearch size={20} />
        </ActionIcon>
      </Hint>
      {isDesktop ? <Kbd size="xs">Ctrl K</Kbd> : null}
      {/* 48 px targets side by side, no gap: at 360 px the header holds them all with the outbox count. */}
      <Group gap={0} ml="auto" wrap="nowrap">
        <OutboxIndicator />
        <StatusIndicators debug={access.debug} adminUrl={access.adminUrl} printing={printing} />
        <UnstyledButton
          onClick={onOpenAccount}
          aria-label={messages.layout.account}
          className={classes.account}
        >
          <UserAvatar user={access.user} />
        </UnstyledButton>
      </Group>
      <OfflineBar />
    </header>
  )
}
