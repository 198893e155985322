// GET /api/operations/pacing/: campaigns behind or at risk, the five missing most plays (list_eventstatistic).
import type { PacingSummary } from '@marquee/contracts/operations';
import { useQuery } from '@tanstack/react-query';
import { operationsQueryOptions, type FigureOptions } from './operations-query.ts';

export const usePacingSummary = ({ enabled, poll }: FigureOptions) =>
  useQuery({ ...operationsQueryOptions<PacingSummary>('pacing', { poll }), enabled });
