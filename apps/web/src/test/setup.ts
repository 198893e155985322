// jsdom lacks what Mantine measures with (matchMedia, ResizeObserver) and a Blob's promise readers.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// findBy… and waitFor give up after 5 s, not 1: on a busy 2-core machine (two suites at once) a screen
// with several queries can take over a second to settle, and a passing test does not wait longer.
configure({ asyncUtilTimeout: 5_000 });

Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn().mockImplementation((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: vi.fn(),
    removeListener: vi.fn(),
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;

window.HTMLElement.prototype.scrollIntoView = function scrollIntoView() {};

// jsdom's Blob (and File) cannot give its bytes back as a promise, as every browser's can (the
// proof-of-play check hashes a downloaded File; tests read exported files): jsdom's FileReader can.
function readBlob<T extends ArrayBuffer | string>(blob: Blob, read: (reader: FileReader) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as T);
    reader.onerror = () => reject(reader.error);
    read(reader);
  });
}
if (typeof Blob.prototype.arrayBuffer !== 'function') {
  Blob.prototype.arrayBuffer = function arrayBuffer(this: Blob) {
    return readBlob<ArrayBuffer>(this, (reader) => reader.readAsArrayBuffer(this));
  };
}
if (typeof Blob.prototype.text !== 'function') {
  Blob.prototype.text = function text(this: Blob) {
    return readBlob<string>(this, (reader) => reader.readAsText(this));
  };
}

afterEach(() => cleanup());
