// Types of bundle-sizes.mjs, for the server bench (TypeScript finds this file beside the script).
export type BundlePage = { name: string; goalBytes: number | null; routes: readonly string[] };
export type BundleTotal = { files: number; bytes: number; gzip: number };
export type PageSize = { name: string; goalBytes: number | null; js: BundleTotal; css: BundleTotal; files: string[] };

export const PAGES: readonly BundlePage[];
export function bundleSizes(options?: { dist?: string; pages?: readonly BundlePage[] }): Promise<PageSize[]>;
export function formatBundleSizes(pages: PageSize[]): string;
