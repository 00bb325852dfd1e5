// Mantine's CSS of the components the admin area uses beyond the first screens' (src/app/styles.ts),
// shipped with this chunk. Imported here, not from a module of its own: a module that only imports
// CSS is dropped as unused (package.json sideEffects).
import '@mantine/core/styles/ModalBase.css'
import '@mantine/core/styles/Overlay.css'
import '@mantine/core/styles/Modal.css'
import '@mantine/core/styles/ScrollArea.css'
import '@mantine/core/styles/Anchor.css'
import '@mantine/core/styles/Container.css'
import '@mantine/core/styles/Tabs.css'
import '@mantine/core/styles/InlineInput.css'
import '@mantine/core/styles/Checkbox.css'
import '@mantine/core/styles/CheckboxIndicator.css'
import '@mantine/core/styles/Fieldset.css'
import '@mantine/core/styles/Popover.css'
import '@mantine/core/styles/Combobox.css'
import '@mantine/core/styles/Pill.css'
import '@mantine/core/styles/PillsInput.css'
import '@mantine/core/styles/NumberInput.css'
import '@mantine/core/styles/Table.css'
import { Anchor, Box, Button, Container, Group, Stack, Tabs, Title } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { adminText } from '../text.ts'
import { AdminGate } from './admin-gate.tsx'
import { AuditSection } from './audit/audit-section.tsx'
import { BoxTypesSection } from './box-types/box-types-section.tsx'
import { CarriersSection } from './carriers/carriers-section.tsx'
import { ComputersSection } from './computers/computers-section.tsx'
import type { LocalAgent } from './computers/agent-printers.tsx'
import { SiteCertificate } from './computers/site-certificate.tsx'
import { ListsSection } from './lists/lists-section.tsx'
import { LocationsSection } from './locations/locations-section.tsx'
import { ShopsSection } from './shops/shops-section.tsx'
import { SignOutContext } from './sign-out.ts'
import { UnsavedContext, useUnsavedGuard } from './unsaved.ts'
import { UsersSection } from './users/users-section.tsx'

const ADMIN_SECTIONS = [
  'users',
  'shops',
  'computers',
  'carriers',
  'box-types',
  'locations',
  'lists',
  'audit',
] as const
type AdminSection = (typeof ADMIN_SECTIONS)[number]

const isSection = (value: string | null | undefined): value is AdminSection =>
  ADMIN_SECTIONS.some((s) => s === value)

interface AdminAreaProps {
  /** From the URL (?section=…); the users when absent or unknown. */
  section: string | undefined
  onSection: (section: AdminSection) => void
  onLogout: () => void
  agent: LocalAgent
}

/**
 * The admin area (issue 16): its own plain layout, apart from the workers' dashboard, one tab per
 * section (arrow keys move between tabs), each section loaded when its tab is opened.
 */
export function AdminArea({ section, onSection, onLogout, agent }: AdminAreaProps) {
  const active: AdminSection = isSection(section) ? section : 'users'
  const unsaved = useUnsavedGuard()
  const logout = () => unsaved.confirmLeave() && onLogout()
  const panels: Record<AdminSection, [label: string, content: () => ReactNode]> = {
    users: [adminText.users.tab, () => <UsersSection />],
    shops: [adminText.shops.tab, () => <ShopsSection />],
    computers: [
      adminText.computers.tab,
      () => (
        <Stack gap="xl">
          <ComputersSection agent={agent} />
          <SiteCertificate />
        </Stack>
      ),
    ],
    carriers: [adminText.carriers.tab, () => <CarriersSection />],
    'box-types': [adminText.boxTypes.tab, () => <BoxTypesSection />],
    locations: [adminText.locations.tab, () => <LocationsSection />],
    lists: [adminText.lists.tab, () => <ListsSection />],
    audit: [adminText.audit.tab, () => <AuditSection />],
  }
  return (
    <Box mih="100dvh" bg="var(--mantine-color-body)">
      <Box
        component="header"
        px="md"
        py="sm"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Group justify="space-between" gap="xs">
          <Title order={1} fz="h3">
            {adminText.title}
          </Title>
          <Group gap="xs">
            <Anchor component={Link} to="/" size="sm">
              {adminText.backToApp}
            </Anchor>
            <Button variant="default" size="xs" onClick={logout}>
              {adminText.logout}
            </Button>
          </Group>
        </Group>
      </Box>
      <Container size="lg" px={{ base: 'xs', sm: 'md' }} py="md" component="main">
        <AdminGate onLogout={logout}>
          <UnsavedContext value={unsaved}>
            {/* Not `logout`: once one's own sessions are closed, nothing unsaved could be saved. */}
            <SignOutContext value={onLogout}>
              <Tabs
                value={active}
                onChange={(value) => isSection(value) && onSection(value)}
                keepMounted={false}
              >
                <Tabs.List aria-label={adminText.sections} mb="md">
                  {ADMIN_SECTIONS.map((key) => (
                    <Tabs.Tab key={key} value={key}>
                      {panels[key][0]}
                    </Tabs.Tab>
                  ))}
                </Tabs.List>
                {ADMIN_SECTIONS.map((key) => (
                  <Tabs.Panel key={key} value={key}>
                    {key === active ? panels[key][1]() : null}
                  </Tabs.Panel>
                ))}
              </Tabs>
            </SignOutContext>
          </UnsavedContext>
        </AdminGate>
      </Container>
    </Box>
  )
}
