import './overlay-styles.ts'
import { Button, Divider, Drawer, NavLink, Stack, Text, useMantineColorScheme } from '@mantine/core'
import {
  IconBarcode,
  IconCloudUpload,
  IconHistory,
  IconHome,
  IconLogout,
  IconMoon,
  IconSun,
} from '@tabler/icons-react'
import { Link } from '@tanstack/react-router'
import { outboxText } from '@/features/outbox/text'
import { printHistoryText } from '@/features/print-history/text'
import { useOverlayScans } from '@/features/scanning/hooks/use-overlay-scans'
import type { SessionUser } from '@contract'
import { messages } from '@/lib/messages'
import { UserAvatar } from './user-avatar.tsx'

/** docs/specification.md §2.3 account drawer (width 320): avatar, name, email, links, 'Déconnexion'. */
export function AccountDrawer({
  opened,
  onClose,
  user,
  onLogout,
}: {
  opened: boolean
  onClose: () => void
  user?: SessionUser
  onLogout: () => void
}) {
  const { colorScheme, toggleColorScheme } = useMantineColorScheme()
  const dark = colorScheme === 'dark'
  // A scan made with the drawer open closes it and reaches the screen.
  useOverlayScans(opened, onClose)
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={320}
      title={messages.layout.account}
      // 48 px touch target (Mantine's is 28); its French name comes from theme.ts.
      closeButtonProps={{ size: 48, iconSize: 22 }}
    >
      <Stack gap="md">
        <Stack align="center" gap={4}>
          <UserAvatar user={user} size="xl" />
          <Text fw={600} mt="xs">
            {user?.displayName}
          </Text>
          <Text size="sm" c="dimmed">
            {user?.email}
          </Text>
        </Stack>
        <Divider />
        <Stack gap={2}>
          <NavLink
            label={messages.layout.homeLink}
            leftSection={<IconHome size={20} />}
            renderRoot={(props) => <Link to="/" {...props} />}
            onClick={onClose}
          />
          <NavLink
            label={printHistoryText.title}
            leftSection={<IconHistory size={20} />}
            renderRoot={(props) => <Link to="/print-history" {...props} />}
            onClick={onClose}
          />
          <NavLink
            label={outboxText.title}
            leftSection={<IconCloudUpload size={20} />}
            renderRoot={(props) => <Link to="/outbox" {...props} />}
            onClick={onClose}
          />
          <NavLink
            label={messages.scan.diagnosticsTitle}
            leftSection={<IconBarcode size={20} />}
            renderRoot={(props) => <Link to="/scanner" {...props} />}
            onClick={onClose}
          />
          <NavLink
            component="button"
            label={dark ? messages.layout.themeLight : messages.layout.themeDark}
            leftSection={dark ? <IconSun size={20} /> : <IconMoon size={20} />}
            onClick={toggleColorScheme}
          />
        </Stack>
        <Divider />
        <Button
          variant="light"
          color="red"
          h={48}
          leftSection={<IconLogout size={18} />}
          onClick={onLogout}
          fullWidth
        >
          {messages.layout.logout}
        </Button>
      </Stack>
    </Drawer>
  )
}
