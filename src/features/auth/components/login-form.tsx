import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core'
import { checkLoginForm } from '@contract'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { ApiError } from '@/lib/http'
import { afterNextPaint } from '@/lib/ui/after-next-paint'
import { messages } from '@/lib/messages'
import { useLoginMutation } from '../api.ts'

/** The sign-in form; calls onSignedIn once the token is stored. */
export function LoginForm({ onSignedIn }: { onSignedIn: () => void }) {
  const login = useLoginMutation()
  const usernameRef = useRef<HTMLInputElement>(null)
  // The first field takes focus so a handheld user can type (or scan a badge) straight away: once the
  // form has painted, since focus() in the render's own task forces the page's first layout there.
  useEffect(() => afterNextPaint(() => usernameRef.current?.focus()), [])
  const [username, setUsername] = useState('')
  const [password, setPassword] = useState('')
  const [passwordShown, setPasswordShown] = useState(false)
  // Checked here with the contract's own rules (without zod: see checkLoginForm), so an empty field
  // is caught without a round trip.
  const [localErrors, setLocalErrors] = useState<Record<string, string[] | undefined>>({})
  const error = login.error instanceof ApiError ? login.error : null
  const fieldError = (field: string) => (localErrors[field] ?? error?.fieldErrors[field])?.join(' ')

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const parsed = checkLoginForm(username, password)
    if (!parsed.success) {
      setLocalErrors(parsed.fieldErrors)
      return
    }
    setLocalErrors({})
    login.mutate(parsed.data, { onSuccess: onSignedIn })
  }

  return (
    <form onSubmit={submit} noValidate aria-label={messages.login.title}>
      <Stack gap="md">
        {error && !error.fieldErrors.username && !error.fieldErrors.password ? (
          <Alert color="red" role="alert">
            {error.message}
          </Alert>
        ) : null}
        <TextInput
          label={messages.login.username}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          ref={usernameRef}
          required
          withAsterisk={false}
          value={username}
          onChange={(e) => setUsername(e.currentTarget.value)}
          error={fieldError('username')}
          size="md"
        />
        <PasswordInput
          label={messages.login.password}
          name="password"
          autoComplete="current-password"
          required
          withAsterisk={false}
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={fieldError('password')}
          size="md"
          visible={passwordShown}
          onVisibilityChange={setPasswordShown}
          // Mantine names it in English ('Toggle password visibility'). The French name is a title, not
          // an aria-label: a label would contain 'mot de passe', and finding the field by its label
          // ('Mot de passe', as the browser tests do) would then find two. The name says what a press
          // does, so aria-pressed, which would say it twice, is dropped.
          visibilityToggleButtonProps={{
            'aria-label': undefined,
            title: passwordShown ? messages.login.hidePassword : messages.login.showPassword,
            'aria-pressed': undefined,
          }}
        />
        <Button type="submit" size="md" loading={login.isPending} fullWidth>
          {messages.login.submit}
        </Button>
      </Stack>
    </form>
  )
}
