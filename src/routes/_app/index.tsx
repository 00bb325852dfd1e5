import { createFileRoute } from '@tanstack/react-router'
import { HomeScreen } from '@/app/home-screen'

export const Route = createFileRoute('/_app/')({
  component: HomeScreen,
})
