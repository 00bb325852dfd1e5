import type { ReactNode } from 'react'
import classes from './hint.module.css'

/** Wraps a control with a tooltip text (see hint.module.css); the control keeps its own aria-label. */
export function Hint({
  label,
  position = 'bottom',
  align,
  children,
}: {
  label: string
  position?: 'bottom' | 'right'
  align?: 'end'
  children: ReactNode
}) {
  return (
    <span className={classes.hint} data-hint={label} data-position={position} data-align={align}>
      {children}
    </span>
  )
}
