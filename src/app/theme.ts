/**
 * docs/specification.md §9 theme: primary #D71921, secondary #C87941, a bundled variable sans-serif font, light by
 * default with the preference kept under 'theme-mode', colour scheme mirrored on 'data-color-scheme'.
 */
import {
  createTheme,
  localStorageColorSchemeManager,
  type MantineColorScheme,
  type MantineColorSchemeManager,
  type MantineColorsTuple,
} from '@mantine/core'
import { THEME_STORAGE_KEY } from '@/lib/config'
import { messages } from '@/lib/messages'

// Ten shades around the specification's main colours; index 6 (Mantine's primaryShade) is the exact value.
const primary: MantineColorsTuple = [
  '#ffe9ea',
  '#ffd1d3',
  '#f9a1a5',
  '#f46f75',
  '#ef454d',
  '#ec2b34',
  '#d71921',
  '#c0141c',
  '#ac0c16',
  '#97000f',
]
const secondary: MantineColorsTuple = [
  '#fbf1e9',
  '#f1e1d2',
  '#e4c1a2',
  '#d89f70',
  '#ce8346',
  '#c87941',
  '#c26a26',
  '#ab5a1c',
  '#995016',
  '#84430d',
]

// The bundled font, then the platform's sans-serif for the moment it takes to load. Every other name
// in the list is looked up in the system's fonts at the first layout: on Linux system-ui alone cost
// ~8 ms of the sign-in screen's first layout (issue 15, bench:lighthouse).
const font = "'Public Sans Variable', sans-serif"

export const theme = createTheme({
  primaryColor: 'primary',
  primaryShade: 6,
  colors: { primary, secondary },
  fontFamily: font,
  headings: { fontFamily: font, fontWeight: '700' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  breakpoints: { xs: '36em', sm: '48em', md: '62em', lg: '75em', xl: '88em' },
  // Mantine's close buttons (drawers, dialogs, toasts) have no name: a screen reader says "button".
  components: { CloseButton: { defaultProps: { 'aria-label': messages.layout.close } } },
})

// Text colours with enough contrast (error, dimmed, placeholder, filled buttons) are CSS variables
// in contrast.css, not here: the same values without adding to the first screen's JavaScript.

export const defaultColorScheme: MantineColorScheme = 'light'

/** docs/specification.md §9: class prefix 'minimal' for Mantine's static class names. */
export const classNamesPrefix = 'minimal'

function mirrorAttribute(scheme: MantineColorScheme) {
  document.documentElement.setAttribute('data-color-scheme', scheme)
}

/** Mantine's localStorage manager under the specification's key, also writing the specification's 'data-color-scheme'. */
function createColorSchemeManager(): MantineColorSchemeManager {
  const base = localStorageColorSchemeManager({ key: THEME_STORAGE_KEY })
  return {
    ...base,
    get: (fallback) => {
      const scheme = base.get(fallback)
      mirrorAttribute(scheme)
      return scheme
    },
    set: (scheme) => {
      base.set(scheme)
      mirrorAttribute(scheme)
    },
    subscribe: (onUpdate) =>
      base.subscribe((scheme) => {
        mirrorAttribute(scheme)
        onUpdate(scheme)
      }),
  }
}

export const colorSchemeManager = createColorSchemeManager()
