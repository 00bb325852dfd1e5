import type { CSSProperties, ReactNode } from 'react'
import classes from './moving-border.module.css'

/**
 * The animated moving border of docs/specification.md §9 (moving-border.module.css) round one element: used
 * sparingly, for the one action a screen leads to (the home screen's first shop to pick).
 */
export function MovingBorder({ children, duration }: { children: ReactNode; duration?: string }) {
  return (
    <span
      className={classes.root}
      style={duration ? ({ '--moving-border-duration': duration } as CSSProperties) : undefined}
    >
      {children}
    </span>
  )
}
