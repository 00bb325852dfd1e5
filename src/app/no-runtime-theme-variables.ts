/**
 * Stands in for Mantine's MantineCssVariables in the production build (vite.config.ts,
 * withoutRuntimeThemeVariables): the app's MantineProvider never renders it (withCssVariables is
 * off, the variables ship as theme-variables.css), but its module computed Mantine's default
 * variables as it loaded, on the sign-in page's start.
 */
export function MantineCssVariables(): null {
  return null
}
