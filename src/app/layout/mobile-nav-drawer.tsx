import './overlay-styles.ts'
import { Drawer } from '@mantine/core'
import type { NavGroup } from '@/features/navigation'
import { useOverlayScans } from '@/features/scanning/hooks/use-overlay-scans'
import { Logo } from './logo.tsx'
import { NavMenu } from './nav-menu.tsx'

/** docs/specification.md §9: the navigation on a handheld, a 288 px drawer from the left. */
export function MobileNavDrawer({
  opened,
  onClose,
  groups,
}: {
  opened: boolean
  onClose: () => void
  groups: NavGroup[]
}) {
  // A scan made with the menu open closes it and reaches the screen.
  useOverlayScans(opened, onClose)
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      size={288}
      padding="sm"
      title={<Logo />}
      // 48 px touch target (Mantine's is 28); its French name comes from theme.ts.
      closeButtonProps={{ size: 48, iconSize: 22 }}
    >
      <NavMenu groups={groups} />
    </Drawer>
  )
}
