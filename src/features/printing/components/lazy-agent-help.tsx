import { lazy } from 'react'

/** The refused-agent help (agent-refused-help.tsx), as its own chunk: only a refusal loads it. */
export const LazyAgentRefusedHelp = lazy(() =>
  import('./agent-refused-help.tsx').then((module) => ({ default: module.AgentRefusedHelp })),
)
