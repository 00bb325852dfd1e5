import { Link } from '@tanstack/react-router'

/** docs/specification.md §9 logo sizes: height 40 (single), 102x36 (full), 255x75 on the splash. */
const SIZES = {
  single: { width: 136, height: 40 },
  full: { width: 102, height: 36 },
  splash: { width: 255, height: 75 },
} as const

export const LOGO_SRC = '/logo/logo.png'

/** docs/specification.md §2.3: links to / by default; both variants show the same image. */
export function Logo({
  variant = 'single',
  disabledLink,
}: {
  variant?: keyof typeof SIZES
  disabledLink?: boolean
}) {
  const { width, height } = SIZES[variant]
  const image = (
    <img
      src={LOGO_SRC}
      alt="Entrepôt"
      width={width}
      height={height}
      style={{ objectFit: 'contain', display: 'block' }}
    />
  )
  if (disabledLink) return image
  return (
    <Link to="/" aria-label="Accueil" style={{ display: 'inline-flex' }}>
      {image}
    </Link>
  )
}
