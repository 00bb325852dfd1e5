import { ActionIcon } from '@mantine/core'
import { IconChevronDown } from '@tabler/icons-react'
import { messages } from '@/lib/messages'
import classes from './shell.module.css'

/**
 * docs/specification.md §9: shrinks the desktop navigation to its 88 px of icons, or widens it back. A native title
 * rather than the CSS hint: the hint's bubble would overflow the narrow, scrolling aside.
 */
export function NavToggle({ mini, onToggle }: { mini: boolean; onToggle: () => void }) {
  const label = mini ? messages.layout.navFull : messages.layout.navMini
  return (
    <div className={classes.navToggle}>
      <ActionIcon
        variant="subtle"
        color="gray"
        size={36}
        onClick={onToggle}
        aria-label={label}
        aria-pressed={mini}
        title={label}
      >
        {/* The menu's own chevron, turned: no new icon on the first screen. */}
        <IconChevronDown size={18} aria-hidden style={{ transform: `rotate(${mini ? -90 : 90}deg)` }} />
      </ActionIcon>
    </div>
  )
}
