// The statistics pager (spec §9): jumps of 1, 10 and 100 pages both ways, plus the first and last
// page. A jump that would leave the pages is disabled.
import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import { STATISTICS_PAGER_JUMPS } from '@marquee/contracts/constants';

export type StatisticsPagerProps = {
  /** Accessible name of the navigation, e.g. "Statistics pages". */
  label: string;
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
};

type Step = { text: string; label: string; target: number };

const pagesWord = (n: number) => (n === 1 ? 'page' : `${n} pages`);

export function pagerSteps(page: number, totalPages: number): { back: Step[]; forward: Step[] } {
  const jumps = [...STATISTICS_PAGER_JUMPS].sort((a, b) => b - a);
  const back: Step[] = [
    { text: '«', label: 'First page', target: 1 },
    ...jumps.map((n) => ({
      text: n === 1 ? '‹' : `−${n}`,
      label: n === 1 ? 'Previous page' : `Back ${pagesWord(n)}`,
      target: page - n,
    })),
  ];
  const forward: Step[] = [
    ...[...jumps].reverse().map((n) => ({
      text: n === 1 ? '›' : `+${n}`,
      label: n === 1 ? 'Next page' : `Forward ${pagesWord(n)}`,
      target: page + n,
    })),
    { text: '»', label: 'Last page', target: totalPages },
  ];
  return { back, forward };
}

export function StatisticsPager({ label, page, totalPages, onChange }: StatisticsPagerProps) {
  if (totalPages <= 1) return null;
  const { back, forward } = pagerSteps(page, totalPages);
  const button = (step: Step) => {
    const disabled = step.target < 1 || step.target > totalPages || step.target === page;
    return (
      <Tooltip key={step.label} label={step.label} withArrow openDelay={400}>
        <ActionIcon
          variant="default"
          size="md"
          w="auto"
          miw={32}
          px={6}
          aria-label={step.label}
          disabled={disabled}
          onClick={() => onChange(step.target)}
        >
          <Text span size="sm" fw={500}>
            {step.text}
          </Text>
        </ActionIcon>
      </Tooltip>
    );
  };
  return (
    <Group component="nav" aria-label={label} gap={4} wrap="wrap">
      {back.map(button)}
      <Text size="sm" px="xs" aria-current="page" aria-live="polite">
        Page {page} of {totalPages}
      </Text>
      {forward.map(button)}
    </Group>
  );
}
