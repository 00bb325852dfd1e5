import { Card, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core'
import type { OrderDetail, OrderDetailLine } from '@contract'
import { lineQuantities, QUANTITY_KEYS, type QuantityKey } from '../model.ts'
import { orderInformationText as text } from '../text.ts'

type Status = OrderDetail['order']['status']

/** A short pick in red and what is still to ship in orange: what a worker looks for first. */
const tone = (key: QuantityKey, value: number) =>
  value > 0 && key === 'short' ? 'red.8' : value > 0 && key === 'remaining' ? 'orange.9' : undefined

function Product({ line }: { line: OrderDetailLine }) {
  return (
    <>
      <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
        {line.product.name}
      </Text>
      <Text size="xs" c="dimmed">
        {line.product.sku} · {line.product.ean13}
      </Text>
      {line.customization ? (
        <Text size="sm" data-testid="line-customization" style={{ overflowWrap: 'anywhere' }}>
          {text.detail.customization} : {line.customization}
        </Text>
      ) : null}
    </>
  )
}

/** Desktop: one row per line, a column per count. */
function LinesTable({ lines, status }: { lines: OrderDetailLine[]; status: Status }) {
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped verticalSpacing={6} fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th ta="left">{text.detail.product}</Table.Th>
            {QUANTITY_KEYS.map((key) => (
              <Table.Th key={key} ta="right" fz="xs">
                {text.quantities[key]}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((line) => (
            <Table.Tr key={line.orderLine} data-testid="order-line">
              <Table.Td>
                <Product line={line} />
              </Table.Td>
              {lineQuantities(line, status).map((q) => (
                <Table.Td
                  key={q.key}
                  ta="right"
                  c={tone(q.key, q.value)}
                  fw={tone(q.key, q.value) ? 700 : undefined}
                >
                  {q.value}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}

/** A handheld: each line on its own, its counts in a small grid that never overflows 360 px. */
function LinesList({ lines, status }: { lines: OrderDetailLine[]; status: Status }) {
  return (
    <Stack gap="xs">
      {lines.map((line) => (
        <Paper key={line.orderLine} withBorder px="sm" py={6} data-testid="order-line">
          <Product line={line} />
          <SimpleGrid cols={3} spacing={4} verticalSpacing={2} mt={4}>
            {lineQuantities(line, status).map((q) => (
              <div key={q.key} data-testid={`qty-${q.key}`}>
                <Text size="xs" c="dimmed" lh={1.2}>
                  {q.label}
                </Text>
                <Text size="sm" fw={700} c={tone(q.key, q.value)}>
                  {q.value}
                </Text>
              </div>
            ))}
          </SimpleGrid>
        </Paper>
      ))}
    </Stack>
  )
}

export function OrderLines({
  lines,
  status,
  wide,
}: {
  lines: OrderDetailLine[]
  status: Status
  wide: boolean
}) {
  return (
    <Card withBorder padding="sm" component="section" aria-label={text.detail.lines}>
      <Text fw={700} mb="xs">
        {text.detail.lines}
      </Text>
      {wide ? <LinesTable lines={lines} status={status} /> : <LinesList lines={lines} status={status} />}
    </Card>
  )
}
