// How the api client moves bytes: query strings, the XMLHttpRequest transport that reports upload
// progress, and reading an answer's body as JSON or text, or as a File with download progress.

export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Record<string, QueryValue>;

/** Bytes of the response body received so far; `total` is undefined when the server streams it. */
export type DownloadProgress = { loaded: number; total: number | undefined };

/** Bytes of the request body sent so far; `total` is undefined when the browser cannot tell. */
export type UploadProgress = { loaded: number; total: number | undefined };

/** A fetch-like transport that also reports upload progress. */
export type UploadTransport = (
  url: string,
  init: RequestInit & { onUploadProgress?: (progress: UploadProgress) => void },
) => Promise<Response>;

export function buildUrl(path: string, query?: QueryParams): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const search = params.toString();
  if (!search) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${search}`;
}

/** Headers of `getAllResponseHeaders()` (`name: value` lines). */
function parseHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    try {
      headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
    } catch {
      // A header name fetch's Headers refuses: nothing the client reads.
    }
  }
  return headers;
}

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/** The default upload transport: XMLHttpRequest answered as a fetch Response; failures reject like fetch. */
export const xhrUpload: UploadTransport = (url, init) =>
  new Promise<Response>((resolve, reject) => {
    const { signal } = init;
    if (signal?.aborted) {
      reject(new DOMException('The request was aborted.', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const done = () => signal?.removeEventListener('abort', onAbort);
    xhr.open(init.method ?? 'GET', url);
    xhr.withCredentials = init.credentials === 'include';
    new Headers(init.headers).forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.upload.onprogress = (event) =>
      init.onUploadProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : undefined });
    xhr.onload = () => {
      done();
      if (xhr.status < 200 || xhr.status > 599) {
        reject(new TypeError('Network request failed'));
        return;
      }
      resolve(
        new Response(NULL_BODY_STATUSES.has(xhr.status) ? null : xhr.responseText, {
          status: xhr.status,
          statusText: xhr.statusText,
          headers: parseHeaders(xhr.getAllResponseHeaders()),
        }),
      );
    };
    xhr.onerror = () => {
      done();
      reject(new TypeError('Network request failed'));
    };
    xhr.onabort = () => {
      done();
      reject(new DOMException('The request was aborted.', 'AbortError'));
    };
    signal?.addEventListener('abort', onAbort);
    xhr.send((init.body ?? null) as XMLHttpRequestBodyInit | null);
  });

export async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The file name of a content-disposition header (`filename*=UTF-8''…` or `filename="…"`). */
export function dispositionFilename(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(header);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]!.trim().replace(/^"|"$/g, ''));
    } catch {
      // Fall back to the plain parameter.
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain?.[1]?.trim() || undefined;
}

/** A response body as a File, read chunk by chunk with `onProgress` after each. */
export async function readFile(response: Response, onProgress: (progress: DownloadProgress) => void): Promise<File> {
  const length = Number(response.headers.get('content-length') ?? '');
  const total = Number.isFinite(length) && length > 0 ? length : undefined;
  const name = dispositionFilename(response.headers.get('content-disposition')) ?? 'download';
  const type = response.headers.get('content-type') ?? '';
  const parts: BlobPart[] = [];
  let loaded = 0;
  onProgress({ loaded, total });
  if (response.body) {
    const reader = response.body.getReader();
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      parts.push(chunk.value);
      loaded += chunk.value.byteLength;
      onProgress({ loaded, total });
    }
  } else {
    const buffer = await response.arrayBuffer();
    parts.push(buffer);
    onProgress({ loaded: buffer.byteLength, total });
  }
  return new File(parts, name, { type });
}
