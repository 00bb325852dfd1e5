import { Badge, Collapse, NavLink, Stack, Text, UnstyledButton } from '@mantine/core'
import { IconChevronDown } from '@tabler/icons-react'
import { Link, useRouterState } from '@tanstack/react-router'
import { useState, type ReactNode } from 'react'
import { Hint } from '@/lib/ui/hint'
import { isActivePath, isItemActive, type NavGroup, type NavItem } from '@/features/navigation'
import { NavIcon } from './nav-icons.tsx'

/** The current path with its search string: the specification's active rule also matches 'path?'. */
export function useCurrentPath(): string {
  return useRouterState({ select: (s) => s.location.pathname + s.location.searchStr })
}

function InfoBadge({ info }: { info: NavItem['info'] }) {
  if (info === undefined || info === null || info === '') return null
  return (
    <Badge
      size="sm"
      circle={String(info).length < 2}
      variant="filled"
      color="primary"
      aria-label={`${info} en attente`}
    >
      {info}
    </Badge>
  )
}

function WithCaption({ caption, children }: { caption?: string; children: ReactNode }) {
  if (!caption) return children
  return (
    <Hint label={caption} position="right">
      <div style={{ width: '100%' }}>{children}</div>
    </Hint>
  )
}

function ParentItem({ item, currentPath, depth }: { item: NavItem; currentPath: string; depth: number }) {
  const active = isItemActive(item, currentPath)
  const [opened, setOpened] = useState(active)
  // docs/specification.md §2.4: an open parent closes when the route no longer matches it (and opens when it does).
  const [wasActive, setWasActive] = useState(active)
  if (active !== wasActive) {
    setWasActive(active)
    setOpened(active)
  }
  return (
    <NavLink
      label={item.title}
      leftSection={depth === 0 ? <NavIcon path={item.path} /> : null}
      rightSection={<InfoBadge info={item.info} />}
      active={active}
      opened={opened}
      onChange={setOpened}
      childrenOffset={28}
    >
      {item.children?.map((child) => (
        <MenuItem key={child.path} item={child} currentPath={currentPath} depth={depth + 1} />
      ))}
    </NavLink>
  )
}

function MenuItem({ item, currentPath, depth = 0 }: { item: NavItem; currentPath: string; depth?: number }) {
  if (item.children?.length) return <ParentItem item={item} currentPath={currentPath} depth={depth} />
  const common = {
    label: item.title,
    leftSection: depth === 0 ? <NavIcon path={item.path} /> : null,
    rightSection: <InfoBadge info={item.info} />,
  }
  const link = item.href ? (
    <NavLink {...common} component="a" href={item.href} target="_blank" rel="noopener noreferrer" />
  ) : (
    <NavLink
      {...common}
      active={isActivePath(item.path, currentPath, item.deepMatch ?? true)}
      renderRoot={(props) => <Link to={item.path} {...props} />}
    />
  )
  return <WithCaption caption={item.caption}>{link}</WithCaption>
}

function Section({ group, currentPath }: { group: NavGroup; currentPath: string }) {
  const [open, setOpen] = useState(true)
  const items = group.items.map((item) => <MenuItem key={item.path} item={item} currentPath={currentPath} />)
  if (!group.subheader) return <Stack gap={2}>{items}</Stack>
  return (
    <div>
      {/* docs/specification.md §2.4: group subheaders may collapse. */}
      <UnstyledButton onClick={() => setOpen((o) => !o)} aria-expanded={open} px="sm" mih={48} w="100%">
        <Text size="xs" fw={700} tt="uppercase" c="dimmed" span>
          {group.subheader}
        </Text>
        <IconChevronDown
          size={12}
          style={{
            marginLeft: 4,
            transform: open ? undefined : 'rotate(-90deg)',
            transition: 'transform 150ms',
          }}
          aria-hidden
        />
      </UnstyledButton>
      <Collapse expanded={open}>
        <Stack gap={2}>{items}</Stack>
      </Collapse>
    </div>
  )
}

/** The side navigation of docs/specification.md §2.4, already filtered for the user. */
export function NavMenu({ groups }: { groups: NavGroup[] }) {
  const currentPath = useCurrentPath()
  return (
    <nav aria-label="Menu principal">
      <Stack gap="sm">
        {groups.map((group, index) => (
          <Section key={group.subheader ?? index} group={group} currentPath={currentPath} />
        ))}
      </Stack>
    </nav>
  )
}
