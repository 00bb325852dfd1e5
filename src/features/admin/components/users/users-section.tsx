import { Badge, Button, Group, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import type { AdminUser } from '@contract'
import { shopsQuery, usersQuery } from '../../api.ts'
import { adminText } from '../../text.ts'
import { EditButton, Row, Rows, Section } from '../section.tsx'
import { UserForm } from './user-form.tsx'

const t = adminText.users

export function UsersSection() {
  const users = useQuery(usersQuery())
  const shops = useQuery(shopsQuery())
  const [editing, setEditing] = useState<AdminUser | 'new' | null>(null)
  return (
    <Section title={t.tab} query={users} action={<Button onClick={() => setEditing('new')}>{t.add}</Button>}>
      {(list) => (
        <>
          <Rows>
            {list.map((user) => (
              <Row
                key={user.id}
                title={`${user.username} — ${user.displayName}`}
                details={<UserDetails user={user} />}
                actions={<EditButton name={user.username} onClick={() => setEditing(user)} />}
              />
            ))}
          </Rows>
          {editing ? (
            <UserForm
              user={editing === 'new' ? null : editing}
              shops={shops.data ?? []}
              onClose={() => setEditing(null)}
            />
          ) : null}
        </>
      )}
    </Section>
  )
}

function UserDetails({ user }: { user: AdminUser }) {
  return (
    <>
      <Group gap={4}>
        {user.admin ? <Badge color="grape">{t.badges.admin}</Badge> : null}
        {user.disabled ? <Badge color="red">{t.badges.disabled}</Badge> : null}
        {user.warehouseAccess ? (
          user.roles.map((role) => (
            <Badge key={role} variant="light">
              {role}
            </Badge>
          ))
        ) : (
          <Badge variant="outline" color="gray">
            {t.badges.noAccess}
          </Badge>
        )}
      </Group>
      {user.shops.length ? (
        <Text size="sm" c="dimmed">
          {t.shops} : {user.shops.join(', ')}
        </Text>
      ) : null}
    </>
  )
}
