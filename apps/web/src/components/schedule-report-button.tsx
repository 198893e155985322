// "Schedule by mail" on a report screen: a small form (daily or weekly, the weekday, the time in the
// server's time zone, which days each mail covers when the screen shows a period, and, for who may
// list users, other users to mail it to) that subscribes the signed-in user to this report with the
// screen's current filters. The job mails it as xlsx.
import { Alert, Button, Group, Modal, MultiSelect, NativeSelect, Radio, Stack, Text, TextInput } from '@mantine/core';
import { permissionFlags } from '@marquee/contracts/common';
import {
  REPORT_RECIPIENTS_MAX,
  STATISTICS_REPORT_FILTERS,
  WEEKDAY_NAMES,
  describeReportPeriod,
  describeReportSchedule,
  reportSubscriptionTexts as texts,
  type ReportFrequency,
  type ReportKind,
  type ReportPeriod,
  type ReportSubscriptionInput,
} from '@marquee/contracts/report-subscriptions';
import { EXPORT_FORMAT_LABELS } from '@marquee/contracts/statistics';
import type { User } from '@marquee/contracts/users';
import { IconMailForward } from '@tabler/icons-react';
import { useMemo, useState, type FormEvent } from 'react';
import { isApiError, type QueryParams } from '../lib/api-client.ts';
import { useAppConfig } from '../lib/app-config.ts';
import type { Choice } from '../lib/choices.ts';
import { useCurrentUser } from '../lib/current-user.ts';
import { fieldMessages } from '../lib/error-catalogue.ts';
import { showErrors, showSuccess } from '../lib/notifications.ts';
import { useCreateReportSubscription } from '../lib/report-subscriptions.ts';
import { useUserChoices } from '../lib/user-choices.ts';

export type ScheduleTarget = { kind: 'delivery'; campaign: number } | { kind: 'statistics'; query: QueryParams };

export type ScheduleReportButtonProps = {
  target: ScheduleTarget;
  /** What the report is called in the mail and on the account page. */
  title: string;
  /** The days the screen shows (yyyy-MM-dd); without them the report has no date limit. */
  period?: { from: string; to: string };
  /** Today in the server's time zone: a period ending today keeps ending on the day of sending. */
  today: string;
  disabled?: boolean;
};

/** The screen's statistics filters a subscription keeps, as query-string values. */
export function statisticsFilters(query: QueryParams): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const key of STATISTICS_REPORT_FILTERS) {
    const value = query[key];
    if (value !== undefined && value !== null && value !== '') kept[key] = String(value);
  }
  return kept;
}

/** The users a report can also be mailed to: active ones with an address, other than oneself, as
 * "Name <address>". */
export function recipientOptions(users: readonly User[] | undefined, selfId: number | undefined): Choice[] {
  return (users ?? [])
    .filter((user) => user.is_active && user.email && user.id !== selfId)
    .map((user) => ({ value: String(user.id), label: `${user.full_name.trim() || user.username} <${user.email}>` }));
}

type Values = { frequency: ReportFrequency; weekday: string; time: string; period: ReportPeriod; recipients: string[] };
type Problems = Partial<Record<'time' | 'weekday' | 'period' | 'recipients', string>>;

const PERIOD_CHOICES: ReportPeriod[] = ['rolling', 'to_date', 'fixed'];

export function ScheduleReportButton({ target, title, period, today, disabled = false }: ScheduleReportButtonProps) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconMailForward size={14} aria-hidden />}
        disabled={disabled}
        onClick={() => setOpened(true)}
      >
        Schedule by mail
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title="Schedule by mail"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {opened && (
          <ScheduleForm target={target} title={title} period={period} today={today} onDone={() => setOpened(false)} />
        )}
      </Modal>
    </>
  );
}

function ScheduleForm({
  target,
  title,
  period,
  today,
  onDone,
}: Omit<ScheduleReportButtonProps, 'disabled'> & { onDone: () => void }) {
  const timeZone = useAppConfig()?.time_zone;
  const me = useCurrentUser();
  // Only who may list users chooses others; everyone else mails the report to themselves.
  const canChooseRecipients = permissionFlags(me?._permissions, 'user').canList;
  const users = useUserChoices(canChooseRecipients);
  const recipientChoices = useMemo(() => recipientOptions(users.data, me?.id), [users.data, me?.id]);
  const create = useCreateReportSubscription();
  const [values, setValues] = useState<Values>({
    frequency: 'daily',
    weekday: '1',
    time: '08:00',
    period: period ? (period.to >= today ? 'rolling' : 'fixed') : 'all',
    recipients: [],
  });
  const [problems, setProblems] = useState<Problems>({});
  const set = (changes: Partial<Values>) => setValues((v) => ({ ...v, ...changes }));
  const kind: ReportKind = target.kind;
  const days = { kind, date__gte: period?.from ?? null, date__lte: period?.to ?? null };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(values.time)) return setProblems({ time: texts.badTime });
    setProblems({});
    const input: ReportSubscriptionInput = {
      kind,
      title,
      frequency: values.frequency,
      weekday: values.frequency === 'weekly' ? Number(values.weekday) : null,
      time: values.time,
      period: values.period,
      ...(values.period === 'all' ? {} : { date__gte: period?.from, date__lte: period?.to }),
      ...(target.kind === 'delivery' ? { campaign: target.campaign } : { query: statisticsFilters(target.query) }),
      ...(values.recipients.length ? { recipients: values.recipients.map(Number) } : {}),
    };
    try {
      const created = await create.mutateAsync(input);
      showSuccess(texts.subscribed(created.title, describeReportSchedule(created, timeZone)));
      onDone();
    } catch (error) {
      if (!isApiError(error) || error.status !== 400) return;
      const {
        time,
        weekday,
        period: periodError,
        date__gte,
        date__lte,
        recipients,
        non_field_errors: _,
        ...rest
      } = error.fieldErrors;
      setProblems({
        time: time?.join(' '),
        weekday: weekday?.join(' '),
        period: [...(periodError ?? []), ...(date__gte ?? []), ...(date__lte ?? [])].join(' ') || undefined,
        recipients: recipients?.join(' '),
      });
      const leftovers = fieldMessages(rest);
      if (leftovers.length) showErrors(leftovers);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Schedule by mail">
      <Stack gap="sm">
        <Text size="sm">
          Mail &quot;{title}&quot; to you{canChooseRecipients ? ' (and to anyone you add below)' : ''} as an{' '}
          {EXPORT_FORMAT_LABELS.xlsx} file
          {timeZone ? `, at a time in ${timeZone}` : ''}.
        </Text>
        <Radio.Group
          label="How often"
          value={values.frequency}
          onChange={(value) => set({ frequency: value as ReportFrequency })}
        >
          <Group gap="md" mt={4}>
            <Radio value="daily" label="Daily" />
            <Radio value="weekly" label="Weekly" />
          </Group>
        </Radio.Group>
        {values.frequency === 'weekly' && (
          <NativeSelect
            label="Day of the week"
            w={200}
            data={WEEKDAY_NAMES.map((name, i) => ({ value: String(i + 1), label: name }))}
            value={values.weekday}
            error={problems.weekday}
            onChange={(event) => set({ weekday: event.currentTarget.value })}
          />
        )}
        {/* 24-hour HH:mm text as everywhere in the app (a native time field shows 06:44 PM in an
            English browser). */}
        <TextInput
          label="Time"
          description={
            timeZone
              ? `HH:mm, 24-hour, in the server's time zone, ${timeZone}.`
              : "HH:mm, 24-hour, in the server's time zone."
          }
          placeholder="08:00"
          inputMode="numeric"
          maxLength={5}
          w={260}
          required
          value={values.time}
          error={problems.time}
          onChange={(event) => set({ time: event.currentTarget.value.trim() })}
        />
        {period ? (
          <Radio.Group
            label="Days in each mail"
            value={values.period}
            error={problems.period}
            onChange={(value) => set({ period: value as ReportPeriod })}
          >
            <Stack gap={6} mt={4}>
              {PERIOD_CHOICES.map((choice) => {
                const words = describeReportPeriod({ ...days, period: choice });
                return <Radio key={choice} value={choice} label={words.charAt(0).toUpperCase() + words.slice(1)} />;
              })}
            </Stack>
          </Radio.Group>
        ) : (
          <Text size="sm" c="dimmed">
            Days in each mail: {describeReportPeriod({ ...days, period: 'all' })}.
          </Text>
        )}
        {problems.period && !period && (
          <Alert color="red" variant="light">
            {problems.period}
          </Alert>
        )}
        {canChooseRecipients && (
          <MultiSelect
            label="Also mail to"
            description={`Users of the app, up to ${REPORT_RECIPIENTS_MAX}. Each gets the report as they may see it, with their own link to stop it.`}
            placeholder={values.recipients.length ? undefined : 'Only you'}
            data={recipientChoices}
            value={values.recipients}
            onChange={(recipients) => set({ recipients })}
            maxValues={REPORT_RECIPIENTS_MAX}
            searchable
            clearable
            clearButtonProps={{ 'aria-label': 'Mail it only to you' }}
            nothingFoundMessage="No such user with an e-mail address"
            limit={100}
            disabled={users.isPending}
            error={problems.recipients}
          />
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Schedule
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
