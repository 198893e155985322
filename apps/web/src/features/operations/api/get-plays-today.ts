// GET /api/operations/plays_today/: today's plays so far against those expected by now (list_eventstatistic).
import type { PlaysTodaySummary } from '@marquee/contracts/operations';
import { useQuery } from '@tanstack/react-query';
import { operationsQueryOptions, type FigureOptions } from './operations-query.ts';

export const usePlaysToday = ({ enabled, poll }: FigureOptions) =>
  useQuery({ ...operationsQueryOptions<PlaysTodaySummary>('playsToday', { poll }), enabled });
