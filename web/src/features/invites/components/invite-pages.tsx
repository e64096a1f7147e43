import {
  ActionIcon,
  Anchor,
  Code,
  CopyButton,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { clampPage, isApiError } from '../../../shared/api';
import { useFormat } from '../../../shared/i18n';
import { confirmAction } from '../../../shared/ui/confirm-dialog';
import { IconCheck, IconClipboard, IconPlus } from '../../../shared/ui/icons';
import { PageHeading } from '../../../shared/ui/page-heading';
import { PagedTable, type Column } from '../../../shared/ui/paged-table';
import { notifySuccess } from '../../../shared/toasts/notify';
import { useCurrentUser } from '../../../shared/session';
import { inviteKeys, inviteQuery, invitesApi, invitesPageQuery } from '../api';
import {
  EMPTY_INVITE,
  fieldsOf,
  inviteBody,
  inviteChanges,
  inviteState,
  type Invite,
  type InviteFields,
} from '../model';
import { InviteForm } from './invite-form';
import { InviteStateBadge } from './invite-state-badge';

const fieldErrors = (error: unknown) =>
  isApiError(error) ? Object.fromEntries(Object.entries(error.errors).map(([f, m]) => [f, m[0] ?? ''])) : {};

function CodeWithCopy({ code }: { code: string }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap">
      <Code fz="sm" data-testid="invite-code">
        {code}
      </Code>
      <CopyButton value={code}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t('invites.copied') : t('invites.copy')} withArrow>
            <ActionIcon variant="subtle" size="sm" onClick={copy} aria-label={t('invites.copy')}>
              {copied ? <IconCheck size={14} /> : <IconClipboard size={14} />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}

/** /t/invites: the invites the caller may manage (a teacher's own; a manager's whole school), 25 a page. */
export function InvitesListPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const [params, setParams] = useSearchParams();
  const requested = clampPage(Number(params.get('page') ?? '1'), Number.MAX_SAFE_INTEGER);
  const list = useQuery(invitesPageQuery(requested));
  const now = new Date();
  const columns: Column<Invite>[] = [
    {
      key: 'name',
      header: t('invites.fields.name'),
      render: (i) => (
        <Anchor component={Link} to={`/t/invites/${i.id}`} fw={500}>
          {i.name}
        </Anchor>
      ),
    },
    { key: 'code', header: t('invites.fields.code'), render: (i) => <CodeWithCopy code={i.code} /> },
    {
      key: 'state',
      header: t('invites.fields.state'),
      render: (i) => <InviteStateBadge state={inviteState(i, now)} />,
    },
    {
      key: 'usages',
      header: t('invites.fields.usages'),
      wide: true,
      render: (i) =>
        i.limits > 0
          ? `${format.number(i.usages_count)} / ${format.number(i.limits)}`
          : format.number(i.usages_count),
    },
    {
      key: 'expires',
      header: t('invites.fields.expiredAt'),
      wide: true,
      render: (i) => (i.expired_at ? format.dateTime(i.expired_at) : t('invites.noExpiry')),
    },
  ];
  return (
    <Stack gap="md">
      <PageHeading
        title={t('invites.title')}
        description={list.data ? t('invites.total', { count: list.data.total }) : t('invites.description')}
        toolbar={[
          {
            key: 'create',
            label: t('invites.create'),
            icon: <IconPlus size={18} />,
            to: '/t/invites/create',
          },
        ]}
      />
      <PagedTable
        label={t('invites.title')}
        columns={columns}
        rows={list.data?.data}
        rowKey={(i) => i.id}
        loading={list.isPending}
        page={list.data?.current_page ?? requested}
        lastPage={list.data?.last_page ?? 1}
        onPage={(next) => setParams({ page: String(next) })}
        empty={t('invites.empty')}
      />
    </Stack>
  );
}

const STAFF = new Set(['manager', 'admin']);

/** /t/invites/create. */
export function InviteCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useCurrentUser();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useMutation({
    mutationFn: (fields: InviteFields) => invitesApi.create(inviteBody(fields)),
    onSuccess: (created) => {
      notifySuccess(t('invites.created'));
      queryClient.removeQueries({ queryKey: inviteKeys.pages });
      void navigate(`/t/invites/${created.id}`);
    },
    onError: (error) => setErrors(fieldErrors(error)),
  });
  return (
    <>
      <PageHeading title={t('invites.create')} description={t('invites.createDescription')} />
      <InviteForm
        initial={EMPTY_INVITE}
        busy={create.isPending}
        errors={errors}
        submitLabel={t('common.create')}
        // A teacher invites students only (the server refuses other groups); staff choose.
        groupEditable={STAFF.has(user?.group ?? '')}
        onSubmit={(fields) => create.mutate(fields)}
        onCancel={() => navigate('/t/invites')}
      />
    </>
  );
}

/** /t/invites/{invite}: the code, its uses and recipients; edit, revoke or reinstate, delete. */
export function InviteViewPage() {
  const { t } = useTranslation();
  const format = useFormat();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = useParams().invite ?? '';
  const record = useQuery({ ...inviteQuery(id), meta: { errorToast: false } });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const saved = (invite: Invite, message: string) => {
    setErrors({});
    notifySuccess(message);
    queryClient.setQueryData(inviteKeys.one(id), invite);
    queryClient.removeQueries({ queryKey: inviteKeys.pages });
  };
  const update = useMutation({
    mutationFn: (body: object) => invitesApi.update(id, body),
    onSuccess: (invite, body) =>
      saved(
        invite,
        'is_revoked' in body
          ? t(invite.is_revoked ? 'invites.revoked' : 'invites.restored')
          : t('invites.saved'),
      ),
    onError: (error) => setErrors(fieldErrors(error)),
  });
  const remove = useMutation({
    mutationFn: () => invitesApi.remove(id),
    onSuccess: () => {
      notifySuccess(t('invites.deleted'));
      queryClient.removeQueries({ queryKey: inviteKeys.pages });
      void navigate('/t/invites');
    },
  });
  if (record.isPending) return <Skeleton height={320} radius="md" />;
  if (!record.data) return <PageHeading title={t('invites.missing')} />;
  const invite = record.data;
  const state = inviteState(invite, new Date());
  const initial = fieldsOf(invite);
  return (
    <Stack gap="md">
      <PageHeading
        title={invite.name}
        description={<InviteStateBadge state={state} />}
        toolbar={[
          {
            key: 'revoke',
            label: invite.is_revoked ? t('invites.restore') : t('invites.revoke'),
            variant: 'light',
            color: invite.is_revoked ? 'green' : 'orange',
            onClick: () => {
              if (invite.is_revoked) return update.mutate({ is_revoked: false });
              void confirmAction({
                title: t('invites.revoke'),
                message: t('invites.revokeConfirm', { code: invite.code }),
                danger: true,
              }).then((ok) => ok && update.mutate({ is_revoked: true }));
            },
          },
          {
            key: 'delete',
            label: t('common.delete'),
            variant: 'light',
            color: 'red',
            onClick: () =>
              void confirmAction({
                title: t('common.delete'),
                message: t('invites.deleteConfirm', { name: invite.name }),
                danger: true,
              }).then((ok) => ok && remove.mutate()),
          },
        ]}
      />
      <Paper withBorder radius="md" p="lg">
        <SimpleGrid cols={{ base: 1, sm: 4 }} spacing="md">
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              {t('invites.fields.code')}
            </Text>
            <CodeWithCopy code={invite.code} />
          </Stack>
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              {t('invites.fields.group')}
            </Text>
            <Text>{t(`invites.groups.${invite.group}`)}</Text>
          </Stack>
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              {t('invites.fields.usages')}
            </Text>
            <Text data-testid="invite-usages">
              {format.number(invite.usages_count)} /{' '}
              {invite.limits > 0 ? format.number(invite.limits) : t('invites.unlimited')}
            </Text>
          </Stack>
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              {t('invites.fields.created')}
            </Text>
            <Text>{format.dateTime(invite.created_at)}</Text>
          </Stack>
        </SimpleGrid>
        {invite.recipients.some((r) => r.is_activated) ? (
          <Text size="sm" mt="sm">
            {t('invites.fields.activated')}:{' '}
            {invite.recipients
              .filter((r) => r.is_activated)
              .map((r) => r.name ?? r.recipient)
              .join(', ')}
          </Text>
        ) : null}
      </Paper>
      <InviteForm
        key={`${invite.id}:${JSON.stringify(initial)}`}
        initial={initial}
        busy={update.isPending}
        errors={errors}
        submitLabel={t('common.save')}
        groupEditable={false}
        onSubmit={(fields) => {
          const changes = inviteChanges(initial, fields);
          if (Object.keys(changes).length > 0) update.mutate(changes);
        }}
      />
    </Stack>
  );
}
