// A lazy route module from a named export: `lazy: screen(() => import('./x-screen.tsx'), 'XScreen')`.
import type { ComponentType } from 'react';

export const screen =
  <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  async () => ({ Component: (await load())[name] });
