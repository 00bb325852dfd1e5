import { Button, Stack, Text } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import type { Shop, WarehouseRole } from '@contract'
import type { ReactNode } from 'react'
import { messages } from '@/lib/messages'
import { FullScreenMessage } from '@/lib/ui/full-screen-message'
import { PageHeader } from '@/lib/ui/page-header'
import { findShop, hasWarehouseAccess, useAccess } from '../api.ts'
import { accessText } from '../text.ts'

/** docs/specification.md §2.2: shop screens accept only a slug among the user's shops. */
export function ShopGuard({ slug, children }: { slug: string; children: (shop: Shop) => ReactNode }) {
  const shop = findShop(useAccess(), slug)
  return shop ? children(shop) : <FullScreenMessage inLayout text={messages.errors.accessLoad} />
}

/** docs/specification.md §2.2: warehouse screens need the user's warehouse access object. */
export function WarehouseGuard({ children }: { children: ReactNode }) {
  return hasWarehouseAccess(useAccess()) ? (
    children
  ) : (
    <FullScreenMessage inLayout text={messages.errors.accessLoad} />
  )
}

/**
 * A screen for any of these warehouse roles (the roles its endpoints require, docs/specification.md §2.4). Without
 * one, the user is told so in French, instead of filling in a form the server will refuse (403).
 * `roles` reads as an endpoint's (`productInfo.roles`): none means any signed-in user.
 */
export function RoleGuard({
  roles,
  children,
}: {
  roles: readonly WarehouseRole[] | undefined
  children: ReactNode
}) {
  const held: readonly string[] = useAccess().warehouse?.roles ?? []
  if (!roles || roles.some((role) => held.includes(role))) return children
  return (
    <Stack align="flex-start" gap="md" maw={560}>
      <PageHeader title={accessText.missingRoleTitle} />
      <Text role="alert">{accessText.missingRole(roles)}</Text>
      <Button variant="light" h={48} renderRoot={(props) => <Link to="/" {...props} />}>
        {messages.errors.backHome}
      </Button>
    </Stack>
  )
}
