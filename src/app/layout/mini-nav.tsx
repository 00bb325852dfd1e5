/**
 * The 88 px navigation of docs/specification.md §9: the same items as the full menu (NavMenu), as icons, section by
 * section without subheaders. A parent stands for itself (its own path); its children are reached
 * from the full menu or the search, as in the reference template's mini layout. Each link keeps
 * its title as its accessible name (visually hidden text, so a screen reader and a search by name
 * find it) and shows it beside the icon on hover and keyboard focus. Loaded only when chosen.
 */
import { VisuallyHidden } from '@mantine/core'
import { Link } from '@tanstack/react-router'
import { useState, type FocusEvent, type PointerEvent } from 'react'
import { isActivePath, type NavGroup, type NavItem } from '@/features/navigation'
import classes from './mini-nav.module.css'
import { useCurrentPath } from './nav-menu.tsx'
import { NavIcon } from './nav-icons.tsx'

interface Shown {
  label: string
  top: number
}

function MiniItem({ item, currentPath }: { item: NavItem; currentPath: string }) {
  const hasInfo = item.info !== undefined && item.info !== null && item.info !== ''
  const name = hasInfo ? `${item.title} (${item.info} en attente)` : item.title
  const content = (
    <>
      <NavIcon path={item.path} />
      <VisuallyHidden>{name}</VisuallyHidden>
      {hasInfo ? <span className={classes.dot} aria-hidden /> : null}
    </>
  )
  const common = { className: classes.item, 'data-label': item.title }
  if (item.href)
    return (
      <a {...common} href={item.href} target="_blank" rel="noopener noreferrer">
        {content}
      </a>
    )
  const active = isActivePath(item.path, currentPath, item.deepMatch ?? true)
  return (
    <Link
      {...common}
      to={item.path}
      data-active={active || undefined}
      aria-current={active ? 'page' : undefined}
    >
      {content}
    </Link>
  )
}

export function MiniNav({ groups }: { groups: NavGroup[] }) {
  const currentPath = useCurrentPath()
  const [shown, setShown] = useState<Shown | null>(null)
  const show = (event: PointerEvent | FocusEvent) => {
    const target = (event.target as HTMLElement).closest<HTMLElement>('[data-label]')
    if (!target) return setShown(null)
    const box = target.getBoundingClientRect()
    setShown({ label: target.dataset.label ?? '', top: box.top + box.height / 2 })
  }
  return (
    <nav
      aria-label="Menu principal"
      onPointerOver={show}
      onPointerLeave={() => setShown(null)}
      onFocus={show}
      onBlur={() => setShown(null)}
    >
      {groups.map((group, index) => (
        <div key={group.subheader || index} className={classes.section}>
          {group.items.map((item) => (
            <MiniItem key={item.path} item={item} currentPath={currentPath} />
          ))}
        </div>
      ))}
      {shown ? (
        <div className={classes.tooltip} style={{ top: shown.top }} aria-hidden data-testid="nav-tooltip">
          {shown.label}
        </div>
      ) : null}
    </nav>
  )
}
