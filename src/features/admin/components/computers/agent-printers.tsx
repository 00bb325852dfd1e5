import { Alert, Button, Group, Text } from '@mantine/core'
import { useState } from 'react'
import { adminText } from '../../text.ts'

const t = adminText.computers

/**
 * The computer the admin area is open on, given by the route from the printing feature: whether
 * its print agent (QZ Tray) answers now, the names of the printers it sees, and the workstation
 * this browser was named as (for a workstation the server cannot find by its IP).
 */
export interface LocalAgent {
  ready: boolean
  findPrinters: () => Promise<string[]>
  workstation: string | null
  /** Names this browser as that workstation (null: forgets it); false when storage refused. */
  nameWorkstation: (name: string | null) => boolean
}

/**
 * 'Lire les imprimantes': asks the local agent for its printer names, which then fill the name
 * fields' choice lists. A failed read says why; once QZ Tray answers after all (the agent keeps
 * trying in the background), the line says it can be read again.
 */
export function AgentPrinters({ agent, onFound }: { agent: LocalAgent; onFound: (names: string[]) => void }) {
  const [read, setRead] = useState<
    { status: 'reading' } | { status: 'failed'; message: string } | { status: 'done'; count: number } | null
  >(null)
  const start = async () => {
    setRead({ status: 'reading' })
    try {
      const names = await agent.findPrinters()
      onFound(names)
      setRead({ status: 'done', count: names.length })
    } catch (error) {
      setRead({ status: 'failed', message: error instanceof Error ? error.message : String(error) })
    }
  }
  return (
    <>
      <Group justify="space-between" gap="xs">
        <Text fw={600}>{t.printers}</Text>
        <Button variant="light" onClick={() => void start()} loading={read?.status === 'reading'}>
          {t.read}
        </Button>
      </Group>
      <div aria-live="polite">
        {read?.status === 'reading' ? <Text size="sm">{t.reading}</Text> : null}
        {read?.status === 'done' ? (
          <Text size="sm" c="dimmed">
            {read.count ? t.found(read.count) : t.noneFound}
          </Text>
        ) : null}
        {read?.status === 'failed' ? (
          agent.ready ? (
            <Text size="sm">{t.agentBack}</Text>
          ) : (
            <Alert color="orange" role="alert">
              {t.readFailed(read.message)}
            </Alert>
          )
        ) : null}
      </div>
    </>
  )
}
