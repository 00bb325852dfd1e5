/**
 * Orders picked, packed and shipped per hour, as three bars an hour in plain SVG: no chart library
 * for one small chart. Its own chunk, loaded with the figures. Each bar says its figure in a
 * title; the chart as a whole is one image with a label, and the legend names the colours.
 */
import { Card, Group, Text } from '@mantine/core'
import type { HourFigures } from '@contract'
import { text } from '../text.ts'

const SERIES = [
  { key: 'picked', color: 'var(--mantine-color-blue-6)' },
  { key: 'packed', color: 'var(--mantine-color-orange-6)' },
  { key: 'shipped', color: 'var(--mantine-color-green-7)' },
] as const

const HEIGHT = 120
const AXIS = 16
/** Of each hour's width: three bars and the gap that sets the hours apart. */
const BAR_SHARE = 0.26

/** Widths in percent of the chart's: it fills its card at any width, and its text is never stretched. */
const pct = (n: number) => `${n.toFixed(3)}%`

export function HourChart({ chart }: { chart: { hours: HourFigures[]; max: number } | null }) {
  return (
    <Card withBorder padding="md">
      <Text fw={600} mb="xs">
        {text.chartTitle}
      </Text>
      {chart === null ? (
        <Text size="sm" c="dimmed">
          {text.chartEmpty}
        </Text>
      ) : (
        <>
          <svg
            role="img"
            aria-label={text.chartLabel}
            width="100%"
            height={HEIGHT + AXIS}
            data-testid="hour-chart"
          >
            {chart.hours.map((hour, i) => {
              const slot = 100 / chart.hours.length
              const bar = slot * BAR_SHARE
              const left = i * slot + (slot - bar * SERIES.length) / 2
              return (
                <g key={hour.hour}>
                  {SERIES.map((series, s) => {
                    const height = Math.round((hour[series.key] / chart.max) * HEIGHT)
                    return (
                      <rect
                        key={series.key}
                        x={pct(left + s * bar)}
                        y={HEIGHT - height}
                        width={pct(bar * 0.85)}
                        height={height}
                        fill={series.color}
                      >
                        <title>{`${text.hour(hour.hour)} : ${hour[series.key]} ${text.series[series.key].toLowerCase()}`}</title>
                      </rect>
                    )
                  })}
                  <text
                    x={pct(i * slot + slot / 2)}
                    y={HEIGHT + AXIS - 3}
                    fontSize={10}
                    textAnchor="middle"
                    fill="currentColor"
                  >
                    {hour.hour}
                  </text>
                </g>
              )
            })}
          </svg>
          <Group gap="md" mt={4}>
            {SERIES.map((series) => (
              <Group key={series.key} gap={4}>
                <span
                  aria-hidden
                  style={{ width: 10, height: 10, borderRadius: 2, background: series.color }}
                />
                <Text size="xs">{text.series[series.key]}</Text>
              </Group>
            ))}
          </Group>
        </>
      )}
    </Card>
  )
}
