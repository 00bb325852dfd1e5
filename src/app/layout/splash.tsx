import { LOGO_SRC } from './logo.tsx'
import classes from './splash.module.css'

/** docs/specification.md §2.3 loading splash: a full-screen overlay with a pulsing logo framed by two rotating squares. */
export function Splash() {
  return (
    <div className={classes.overlay} role="progressbar" aria-label="Chargement" aria-busy="true">
      <div className={classes.box}>
        <span className={classes.frame} />
        <span className={classes.frameInner} />
        <img
          className={classes.logo}
          src={LOGO_SRC}
          alt=""
          width={255}
          height={75}
          style={{ objectFit: 'contain' }}
        />
      </div>
    </div>
  )
}
