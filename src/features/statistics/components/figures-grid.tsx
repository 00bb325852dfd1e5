import { Paper, SimpleGrid, Stack, Text } from '@mantine/core'
import type { FigureTile } from '../model.ts'
import { text } from '../text.ts'

/** The day's work in the user's shops, the whole warehouse's figure beside it when it differs. */
export function FiguresGrid({ tiles }: { tiles: FigureTile[] }) {
  return (
    <Stack gap="xs">
      <Text size="xs" fw={700} tt="uppercase" c="dimmed">
        {text.figuresTitle}
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        {tiles.map((tile) => (
          <Paper key={tile.key} withBorder p="sm" radius="md">
            <dl style={{ margin: 0 }}>
              <Text component="dt" size="sm" c="dimmed">
                {text.figures[tile.key]}
              </Text>
              <Text component="dd" m={0} fz={28} fw={700} lh={1.2}>
                {tile.value}
              </Text>
              {tile.warehouse !== null ? (
                <Text component="dd" m={0} size="xs" c="dimmed">
                  {text.warehouseTotal(tile.warehouse)}
                </Text>
              ) : null}
            </dl>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  )
}
