// GET /api/operations/screens/: active devices by screen-health state (list_device).
import type { ScreensSummary } from '@marquee/contracts/operations';
import { useQuery } from '@tanstack/react-query';
import { operationsQueryOptions, type FigureOptions } from './operations-query.ts';

export const useScreensSummary = ({ enabled, poll }: FigureOptions) =>
  useQuery({ ...operationsQueryOptions<ScreensSummary>('screens', { poll }), enabled });
