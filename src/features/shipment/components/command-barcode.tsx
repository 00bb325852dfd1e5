import { Stack, Text } from '@mantine/core'
// The encoder that draws the server's labels and command sheets: the same symbol a scanner reads there.
import { barRuns, code128Modules, QUIET_MODULES } from '@contract'

/** A command barcode on screen (Code 128 as SVG bars, quiet zones included) with its caption. */
export function CommandBarcode({ code, caption }: { code: string; caption: string }) {
  const modules = code128Modules(code)
  const width = modules.length + 2 * QUIET_MODULES
  return (
    <Stack gap={2} align="center">
      <svg
        role="img"
        aria-label={`${caption} : ${code}`}
        viewBox={`0 0 ${width} 40`}
        width={Math.min(2 * width, 320)}
        height={64}
        preserveAspectRatio="none"
        style={{ background: 'white', maxWidth: '100%' }}
        data-testid="command-barcode"
      >
        {barRuns(modules).map(([start, run]) => (
          <rect key={start} x={QUIET_MODULES + start} y={0} width={run} height={40} fill="black" />
        ))}
      </svg>
      <Text size="xs" ff="monospace">
        {code}
      </Text>
    </Stack>
  )
}
